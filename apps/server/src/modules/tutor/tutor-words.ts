import type { LearningStatusValue, Locale, TutorMode } from '@arbor/contract';

interface TutorWords {
  none: string;
  wholeTree: string;
  cut: string;
  status: Record<LearningStatusValue, string>;
  mode: Record<TutorMode, string>;
  progress: (p: { done: number; counted: number; percent: number; learning: number; skipped: number }) => string;
  card: (c: { front: string; back: string; lapses: number; recall: string }) => string;
  neverReviewed: string;
}

/** What the tutor's prompt says in each language besides the admin-editable prompt itself. */
export const TUTOR_WORDS: Record<Locale, TutorWords> = {
  'en-US': {
    none: '(none)',
    wholeTree: '(none: the whole tree)',
    cut: '…[cut]',
    status: { todo: 'to do', learning: 'learning', done: 'done', skipped: 'skipped' },
    mode: {
      chat: "Answer the learner's message as their tutor.",
      explain:
        'Explain the current node step by step, building on what the learner already knows and on the cards they keep forgetting; end with one small exercise.',
      quiz: 'Quiz the learner on the current node, one question at a time. If your last message asked a question and this message answers it, grade the answer first (right, partly right or wrong, and why), then ask the next question. Never reveal the answer to a question you just asked.',
      next: 'Propose what to learn next among the unlocked nodes listed above (one to three), saying why each fits now.',
    },
    progress: (p) =>
      `${p.done} of ${p.counted} nodes done (${p.percent} %), ${p.learning} being learnt, ${p.skipped} skipped`,
    card: (c) => `Q: ${c.front} / A: ${c.back} (forgotten ${c.lapses}×, recall now ${c.recall})`,
    neverReviewed: 'not reviewed yet',
  },
  'zh-CN': {
    none: '（无）',
    wholeTree: '（无：整棵树）',
    cut: '…[已截断]',
    status: { todo: '未开始', learning: '学习中', done: '已完成', skipped: '已跳过' },
    mode: {
      chat: '以导师的身份回答学习者的消息。',
      explain: '循序渐进地讲解当前节点，以学习者已掌握的内容和他们常忘的卡片为基础；最后给出一个小练习。',
      quiz: '就当前节点考查学习者，一次只问一个问题。如果你上一条消息提了问题而这条消息是回答，先评判（正确、部分正确或错误，并说明原因），再问下一个问题。不要透露你刚提出的问题的答案。',
      next: '从上面列出的已解锁节点中建议接下来学什么（一到三个），并说明每个为什么适合现在学。',
    },
    progress: (p) =>
      `已完成 ${p.counted} 个节点中的 ${p.done} 个（${p.percent}%），学习中 ${p.learning} 个，已跳过 ${p.skipped} 个`,
    card: (c) => `问：${c.front} / 答：${c.back}（遗忘 ${c.lapses} 次，当前记住概率 ${c.recall}）`,
    neverReviewed: '尚未复习',
  },
  'ja-JP': {
    none: '（なし）',
    wholeTree: '（なし：ツリー全体）',
    cut: '…[省略]',
    status: { todo: '未着手', learning: '学習中', done: '完了', skipped: 'スキップ' },
    mode: {
      chat: 'チューターとして学習者のメッセージに答えてください。',
      explain:
        '学習者がすでに知っていることとよく忘れるカードを踏まえ、現在のノードを段階的に説明し、最後に小さな練習問題を一つ出してください。',
      quiz: '現在のノードについて学習者に一問ずつ出題してください。直前のあなたのメッセージが質問で、このメッセージがその答えなら、まず採点し（正解・部分的に正解・不正解とその理由）、次の問題を出してください。出したばかりの問題の答えは明かさないでください。',
      next: '上に挙げたロック解除済みのノードから次に学ぶもの（1〜3 個）を提案し、それぞれが今に合う理由を述べてください。',
    },
    progress: (p) =>
      `${p.counted} ノード中 ${p.done} 完了（${p.percent}%）、学習中 ${p.learning}、スキップ ${p.skipped}`,
    card: (c) => `問：${c.front} / 答：${c.back}（忘れた回数 ${c.lapses}、今の想起率 ${c.recall}）`,
    neverReviewed: '未復習',
  },
};
