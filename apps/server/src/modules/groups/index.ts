// Groups (API.md "Groups"): classes, teams and study groups; owners and mentors assign trees and
// follow their members' progress and memory on them, never their notes or cards.
export { GROUPS_MESSAGES } from './groups.messages.ts';
export { groupsRoutes } from './groups.routes.ts';
export { subscribeGroups, type GroupRef } from './groups.events.ts';
export { queueDailyReminders, runReminders } from './reminders.service.ts';
