import type { MessageCatalog } from '../../lib/messages/index.ts';
/** The groups module's messages in zh-CN and ja-JP, keyed by the English text; registered into `lib/messages/catalog.ts` when the app is built. */
export const GROUPS_MESSAGES: MessageCatalog = {
  'You may own at most 50 groups.': {
    'zh-CN': '你最多可以拥有 50 个小组。',
    'ja-JP': '所有できるグループは 50 個までです。',
  },
  'Too many tries with join codes: try again later.': {
    'zh-CN': '加入码尝试次数过多，请稍后再试。',
    'ja-JP': '参加コードの試行回数が多すぎます。しばらくしてからもう一度お試しください。',
  },
  'Agree to share your progress on assignments with the group to join it.': {
    'zh-CN': '加入小组前，请同意与小组分享你在作业上的进度。',
    'ja-JP': 'グループに参加するには、課題の進捗をグループと共有することに同意してください。',
  },
  'You are already a member of this group.': {
    'zh-CN': '你已经是该小组的成员。',
    'ja-JP': 'すでにこのグループのメンバーです。',
  },
  'This group is full (500 members).': {
    'zh-CN': '该小组已满（500 名成员）。',
    'ja-JP': 'このグループは満員です（500 人）。',
  },
  'The owner keeps their role.': { 'zh-CN': '组长的角色不能更改。', 'ja-JP': 'オーナーの役割は変更できません。' },
  'Only the owner and mentors of this group may do this.': {
    'zh-CN': '只有该小组的组长和导师可以执行此操作。',
    'ja-JP': 'この操作ができるのはグループのオーナーとメンターだけです。',
  },
  'Only the owner of this group may do this.': {
    'zh-CN': '只有该小组的组长可以执行此操作。',
    'ja-JP': 'この操作ができるのはグループのオーナーだけです。',
  },
  'The owner cannot leave the group: delete it instead.': {
    'zh-CN': '组长不能退出小组，请改为删除小组。',
    'ja-JP': 'オーナーはグループを退出できません。代わりにグループを削除してください。',
  },
  'You may not remove this member.': {
    'zh-CN': '你不能移除该成员。',
    'ja-JP': 'このメンバーを削除することはできません。',
  },
  'A group holds at most 100 assignments.': {
    'zh-CN': '一个小组最多有 100 个作业。',
    'ja-JP': '1 つのグループに登録できる課題は 100 個までです。',
  },
};
