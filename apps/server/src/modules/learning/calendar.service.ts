import { createHash, randomBytes } from 'node:crypto';
import type { CalendarLink, Locale, Plan } from '@arbor/contract';
import type { Executor } from '../../db/connection.ts';
import type { Deps } from '../../deps.ts';
import { notFound } from '../../lib/http-errors.ts';
import { formatMessage } from '../../lib/messages/index.ts';
import { assertNotThrottled, recordEvent } from '../../lib/throttle/throttle.ts';
import type { AuthUser } from '../../plugins/auth.ts';
import { writeCalendar, type AllDayEvent } from './ics-writer.ts';
import { addDays, localDay } from './local-days.ts';
import { readPlans } from './plans.service.ts';
import {
  findFeedOwner,
  findFeedToken,
  findLearnerLocale,
  lastUpdateIn,
  writeFeedToken,
  type FeedSourceTable,
} from './plans.repository.ts';
import { dueForecast } from './card-reviews.service.ts';
import { readSettings } from './settings.service.ts';

/** 32 random bytes: 43 URL-safe characters, too many to guess. */
const newToken = () => randomBytes(32).toString('base64url');
const TOKEN_SHAPE = /^[A-Za-z0-9_-]{32,64}$/;
/** Unknown tokens a network may try in an hour before it is answered 429: guessing must not pay. */
const MISSES_PER_HOUR = 30;

const feedUrl = (deps: Deps, token: string) => `${deps.config.publicBaseUrl}/api/learn/calendar/${token}.ics`;

/** The learner's feed address; the token is made on the first call. */
export async function getCalendarLink(deps: Deps, viewer: AuthUser): Promise<CalendarLink> {
  let token = await findFeedToken(deps.db, viewer.id);
  if (!token) {
    await writeFeedToken(deps.db, viewer.id, newToken(), deps.clock.nowIso(), false);
    token = (await findFeedToken(deps.db, viewer.id))!;
  }
  return { url: feedUrl(deps, token) };
}

/** A new feed address; the old one answers 404 from now on. */
export async function rotateCalendarLink(deps: Deps, viewer: AuthUser): Promise<CalendarLink> {
  const token = newToken();
  await writeFeedToken(deps.db, viewer.id, token, deps.clock.nowIso(), true);
  return { url: feedUrl(deps, token) };
}

/**
 * Where the web app shows a node of a subject, selected and centred in learning mode: the one
 * deep-link form (`?learn=1&node=`) of a tree's editor and a template's page alike.
 */
function nodeLink(deps: Deps, plan: Plan, nodeId: string): string {
  const page = plan.subject.kind === 'tree' ? 'trees' : 'community';
  return `${deps.config.publicBaseUrl}/${page}/${plan.subject.uuid}?learn=1&node=${encodeURIComponent(nodeId)}`;
}

const LOCALES: readonly string[] = ['zh-CN', 'en-US', 'ja-JP'];

/** The learner's language for the feed's text: their profile's, zh-CN (the default language) otherwise. */
async function feedLocale(db: Executor, userId: number): Promise<Locale> {
  const stored = await findLearnerLocale(db, userId);
  return stored && LOCALES.includes(stored) ? (stored as Locale) : 'zh-CN';
}

/** The feed's sentences, in English with placeholders; their translations are in `learning.messages.ts`. */
const FEED_TEXT = {
  item: '{title} ({minutes} min): {link}',
  reviewOne: 'Arbor: {count} card to review',
  reviewOther: 'Arbor: {count} cards to review',
} as const;

/** The latest change among what the feed is made of (the day itself included: "today" moves it). */
async function lastChange(db: Executor, userId: number, nowMs: number): Promise<Date> {
  const latest = (table: FeedSourceTable) => lastUpdateIn(db, table, userId);
  const stamps = await Promise.all([
    latest('learning_plans'),
    latest('learning_progress'),
    latest('learning_cards'),
    latest('learner_settings'),
    // the language of the feed's text
    latest('profiles'),
  ]);
  const startOfDay = nowMs - (nowMs % 86_400_000);
  const times = [startOfDay, ...stamps.filter((s): s is string => Boolean(s)).map((s) => Date.parse(s))];
  // HTTP dates have whole seconds.
  return new Date(Math.floor(Math.max(...times) / 1000) * 1000);
}

export interface CalendarFeed {
  body: string;
  etag: string;
  lastModified: Date;
}

/**
 * The learner's public ICS feed by its secret token: an all-day event per day of each active plan and
 * per day of the next week with reviews due, its text in the learner's language. Unknown tokens (and those of an account that was
 * deactivated) are 404, and counted per network (429 past the limit) so that guessing cannot pay;
 * a valid token is served whatever its network guessed (people share a network with a guesser).
 */
export async function calendarFeed(deps: Deps, file: string, network: string): Promise<CalendarFeed> {
  const token = file.endsWith('.ics') ? file.slice(0, -4) : '';
  const userId = TOKEN_SHAPE.test(token) ? await findFeedOwner(deps.db, token) : undefined;
  if (userId === undefined) {
    const bucket = `calendar-miss:${network}`;
    await assertNotThrottled(deps, [[bucket, { limit: MISSES_PER_HOUR, seconds: 3600 }]]);
    await recordEvent(deps, bucket);
    throw notFound();
  }
  const viewer: AuthUser = { id: userId, role: 'user' };
  const [settings, locale, plans, lastModified] = await Promise.all([
    readSettings(deps.db, userId),
    feedLocale(deps.db, userId),
    readPlans(deps, viewer, true),
    lastChange(deps.db, userId, deps.clock.now().getTime()),
  ]);
  const reviews = await dueForecast(deps.db, userId, settings.timezone, localDay(deps.clock.now(), settings.timezone));

  const events: AllDayEvent[] = [];
  for (const plan of plans) {
    for (const day of plan.schedule) {
      events.push({
        uid: `${plan.id}-${day.date}@arbor`,
        date: day.date,
        endDate: addDays(day.date, 1),
        summary: `${plan.subject.title}: ${day.items.map((item) => item.title).join(', ')}`,
        description: day.items
          .map((item) =>
            formatMessage(FEED_TEXT.item, locale, {
              title: item.title,
              minutes: String(item.minutes),
              link: nodeLink(deps, plan, item.node_id),
            }),
          )
          .join('\n'),
      });
    }
  }
  for (const { date: day, due } of reviews) {
    if (due === 0) continue;
    events.push({
      uid: `review-${day}@arbor`,
      date: day,
      endDate: addDays(day, 1),
      summary: formatMessage(due === 1 ? FEED_TEXT.reviewOne : FEED_TEXT.reviewOther, locale, { count: String(due) }),
      description: `${deps.config.publicBaseUrl}/learn`,
    });
  }
  const body = writeCalendar({ name: 'Arbor', stamp: lastModified, events });
  const etag = `"${createHash('sha1').update(body).digest('base64url')}"`;
  return { body, etag, lastModified };
}
