import type { Locale } from '@arbor/contract';
import type { PromptText } from './prompt-text.ts';
import { TUTOR_PROMPT } from './tutor-prompt.ts';

export type { PromptText };

/**
 * The prompts Arbor ships, per language. Seeded into the prompt table on first start (admins may
 * edit them there) and used as the fallback when a row is missing or inactive.
 * Node titles are always quoted so answers can refer to them unambiguously.
 */
export const DEFAULT_PROMPTS: Record<string, Record<Locale, PromptText>> = {
  node_content: {
    'en-US': {
      name: 'Node content',
      description: 'Markdown study notes for one node.',
      system: 'You are an expert teacher who writes clear, well-structured study notes in Markdown.',
      template: [
        'Write study notes in {{language}} for the skill "{{title}}".',
        'Where it sits in the skill tree: {{path}}',
        'Related skills at the same level: {{siblings}}',
        'Existing notes (improve and extend them, keep what is good):',
        '{{content}}',
        '',
        'Use Markdown headings, short paragraphs and lists: what to learn, why it matters and how to practise. Answer with the notes only.',
      ].join('\n'),
    },
    'zh-CN': {
      name: '节点内容',
      description: '为一个节点生成 Markdown 学习笔记。',
      system: '你是一位经验丰富的老师，擅长用 Markdown 写清晰、有条理的学习笔记。',
      template: [
        '请用{{language}}为技能“{{title}}”编写学习笔记。',
        '它在技能树中的位置：{{path}}',
        '同级的相关技能：{{siblings}}',
        '已有的笔记（请在保留优点的基础上改进和扩展）：',
        '{{content}}',
        '',
        '使用 Markdown 标题、短段落和列表：要学什么、为什么重要、如何练习。只输出笔记本身。',
      ].join('\n'),
    },
    'ja-JP': {
      name: 'ノードの内容',
      description: 'ノード一つ分の Markdown 学習ノート。',
      system: 'あなたは分かりやすく構造化された学習ノートを Markdown で書く熟練の講師です。',
      template: [
        'スキル「{{title}}」の学習ノートを{{language}}で書いてください。',
        'スキルツリー上の位置：{{path}}',
        '同じ階層の関連スキル：{{siblings}}',
        '既存のノート（良い点は残し、改善・拡張してください）：',
        '{{content}}',
        '',
        'Markdown の見出し、短い段落、箇条書きを使い、何を学ぶか・なぜ重要か・どう練習するかを書いてください。ノート本文のみを出力してください。',
      ].join('\n'),
    },
  },
  node_children: {
    'en-US': {
      name: 'Suggested children',
      description: 'Sub-skills of a node, as a JSON list.',
      system: 'You design learning paths as skill trees. You answer with JSON only.',
      template: [
        'Suggest 3 to 8 sub-skills that someone learning "{{title}}" should master. Write titles and summaries in {{language}}.',
        'Where it sits in the skill tree: {{path}}',
        'Sub-skills it already has (do not repeat them): {{children}}',
        'Answer with a JSON array only, no prose and no code fence: [{"title": "…", "summary": "one sentence"}]',
      ].join('\n'),
    },
    'zh-CN': {
      name: '建议子节点',
      description: '以 JSON 列表给出节点的子技能。',
      system: '你负责把学习路径设计成技能树。你只用 JSON 回答。',
      template: [
        '请为学习“{{title}}”的人建议 3 到 8 个应掌握的子技能，标题和说明用{{language}}。',
        '它在技能树中的位置：{{path}}',
        '已有的子技能（不要重复）：{{children}}',
        '只输出一个 JSON 数组，不要任何说明文字或代码块：[{"title": "…", "summary": "一句话说明"}]',
      ].join('\n'),
    },
    'ja-JP': {
      name: '子ノードの提案',
      description: 'ノードのサブスキルを JSON のリストで。',
      system: 'あなたは学習の道筋をスキルツリーとして設計します。回答は JSON のみです。',
      template: [
        '「{{title}}」を学ぶ人が身につけるべきサブスキルを 3〜8 個提案してください。タイトルと説明は{{language}}で。',
        'スキルツリー上の位置：{{path}}',
        '既にあるサブスキル（重複しないこと）：{{children}}',
        'JSON 配列のみを出力し、説明文やコードブロックは付けないでください：[{"title": "…", "summary": "一文の説明"}]',
      ].join('\n'),
    },
  },
  node_summary: {
    'en-US': {
      name: 'Node summary',
      description: 'A one- or two-sentence summary of a node.',
      system: 'You write short, precise summaries.',
      template: [
        'Write a one- or two-sentence summary in {{language}} of the skill "{{title}}" (path: {{path}}).',
        'Base it on these notes when there are any:',
        '{{content}}',
        'Answer with the summary only, without quotes.',
      ].join('\n'),
    },
    'zh-CN': {
      name: '节点摘要',
      description: '用一两句话概括一个节点。',
      system: '你擅长写简短、准确的摘要。',
      template: [
        '请用{{language}}为技能“{{title}}”（位置：{{path}}）写一到两句话的摘要。',
        '如有以下笔记，请以其为依据：',
        '{{content}}',
        '只输出摘要本身，不要加引号。',
      ].join('\n'),
    },
    'ja-JP': {
      name: 'ノードの要約',
      description: 'ノードを一、二文で要約。',
      system: 'あなたは短く正確な要約を書きます。',
      template: [
        'スキル「{{title}}」（位置：{{path}}）の要約を{{language}}で一、二文で書いてください。',
        '次のノートがあればそれに基づいてください：',
        '{{content}}',
        '要約のみを引用符なしで出力してください。',
      ].join('\n'),
    },
  },
  node_image: {
    'en-US': {
      name: 'Node image',
      description: 'Wraps the user prompt for image generation.',
      system: '',
      template: '{{prompt}}. A clean, friendly flat illustration with soft colours; no text or letters.',
    },
    'zh-CN': {
      name: '节点图片',
      description: '为图片生成包装用户的提示词。',
      system: '',
      template: '{{prompt}}。简洁友好的扁平插画风格，柔和的色彩，不要出现文字。',
    },
    'ja-JP': {
      name: 'ノード画像',
      description: '画像生成用にユーザーのプロンプトを包む。',
      system: '',
      template: '{{prompt}}。柔らかい色合いのすっきりしたフラットイラスト、文字は入れない。',
    },
  },
  cards: {
    'en-US': {
      name: 'Flashcards',
      description: 'Question-and-answer flashcards for one node, as JSON.',
      system: 'You write concise flashcards for spaced repetition. You answer with JSON only.',
      template: [
        'Write {{count}} flashcards in {{language}} for the skill "{{title}}".',
        'Where it sits in the skill tree: {{path}}',
        'Summary: {{summary}}',
        'Notes:',
        '{{content}}',
        '',
        'Each card asks one precise question on its front and answers it briefly on its back (Markdown allowed).',
        'A fact best learnt by filling a gap may be a cloze card instead: "kind": "cloze", the sentence in "front" with the words to recall marked {{c1::words}} (or {{c1::words::hint}}; c2, c3 … for more gaps), "back" empty or an extra note.',
        'Answer with a JSON object only, no prose: {"cards": [{"front": "question", "back": "answer"}, {"kind": "cloze", "front": "… {{c1::…}} …", "back": ""}]}',
      ].join('\n'),
    },
    'zh-CN': {
      name: '记忆卡片',
      description: '为一个节点生成问答式记忆卡片（JSON）。',
      system: '你为间隔重复编写简洁的记忆卡片。你只用 JSON 回答。',
      template: [
        '请用{{language}}为技能“{{title}}”编写 {{count}} 张记忆卡片。',
        '它在技能树中的位置：{{path}}',
        '摘要：{{summary}}',
        '笔记：',
        '{{content}}',
        '',
        '每张卡片正面提出一个明确的问题，背面简要作答（可用 Markdown）。',
        '适合以填空方式记忆的知识可写成填空卡片："kind": "cloze"，在 "front" 中写出句子，并把要回忆的词标为 {{c1::词语}}（或 {{c1::词语::提示}}；更多空用 c2、c3 …），"back" 留空或写补充说明。',
        '只输出一个 JSON 对象，不要任何说明文字：{"cards": [{"front": "问题", "back": "答案"}, {"kind": "cloze", "front": "… {{c1::…}} …", "back": ""}]}',
      ].join('\n'),
    },
    'ja-JP': {
      name: '暗記カード',
      description: 'ノード一つ分の一問一答カード（JSON）。',
      system: 'あなたは間隔反復用の簡潔な暗記カードを作ります。回答は JSON のみです。',
      template: [
        'スキル「{{title}}」の暗記カードを{{language}}で {{count}} 枚作ってください。',
        'スキルツリー上の位置：{{path}}',
        '要約：{{summary}}',
        'ノート：',
        '{{content}}',
        '',
        '各カードの表には明確な問いを一つ、裏にはその簡潔な答えを書いてください（Markdown 可）。',
        '穴埋めで覚えるのが向いている事実は穴埋めカードにしても構いません："kind": "cloze" とし、"front" に文を書いて思い出す語句を {{c1::語句}}（または {{c1::語句::ヒント}}、穴が複数なら c2、c3 …）で囲み、"back" は空か補足にします。',
        'JSON オブジェクトのみを出力し、説明文は付けないでください：{"cards": [{"front": "問い", "back": "答え"}, {"kind": "cloze", "front": "… {{c1::…}} …", "back": ""}]}',
      ].join('\n'),
    },
  },
  quiz: {
    'en-US': {
      name: 'Quiz',
      description: 'Multiple-choice questions on one node, as JSON.',
      system: 'You write fair multiple-choice quizzes that check understanding. You answer with JSON only.',
      template: [
        'Write {{count}} multiple-choice questions in {{language}} on the skill "{{title}}".',
        'Where it sits in the skill tree: {{path}}',
        'Summary: {{summary}}',
        'Notes:',
        '{{content}}',
        '',
        'Each question has exactly 4 choices, one of them right; "answer" is the index (0–3) of the right choice, "explanation" says briefly why.',
        'Answer with a JSON object only, no prose: {"questions": [{"question": "…", "choices": ["…", "…", "…", "…"], "answer": 0, "explanation": "…"}]}',
      ].join('\n'),
    },
    'zh-CN': {
      name: '测验',
      description: '针对一个节点的选择题（JSON）。',
      system: '你编写公平、考查理解的选择题。你只用 JSON 回答。',
      template: [
        '请用{{language}}就技能“{{title}}”出 {{count}} 道选择题。',
        '它在技能树中的位置：{{path}}',
        '摘要：{{summary}}',
        '笔记：',
        '{{content}}',
        '',
        '每道题恰好 4 个选项，其中一个正确；"answer" 是正确选项的序号（0–3），"explanation" 简要说明理由。',
        '只输出一个 JSON 对象，不要任何说明文字：{"questions": [{"question": "…", "choices": ["…", "…", "…", "…"], "answer": 0, "explanation": "…"}]}',
      ].join('\n'),
    },
    'ja-JP': {
      name: 'クイズ',
      description: 'ノード一つについての選択問題（JSON）。',
      system: 'あなたは理解を確かめる公平な選択問題を作ります。回答は JSON のみです。',
      template: [
        'スキル「{{title}}」についての選択問題を{{language}}で {{count}} 問作ってください。',
        'スキルツリー上の位置：{{path}}',
        '要約：{{summary}}',
        'ノート：',
        '{{content}}',
        '',
        '各問題の選択肢はちょうど 4 つで正解は一つ、"answer" は正解の番号（0–3）、"explanation" は理由の簡単な説明です。',
        'JSON オブジェクトのみを出力し、説明文は付けないでください：{"questions": [{"question": "…", "choices": ["…", "…", "…", "…"], "answer": 0, "explanation": "…"}]}',
      ].join('\n'),
    },
  },
  tutor: TUTOR_PROMPT,
};

/** How each language names itself and "nothing" inside prompts. */
export const LANGUAGE_WORDS: Record<Locale, { name: string; none: string; separator: string }> = {
  'en-US': { name: 'English', none: '(none)', separator: ' > ' },
  'zh-CN': { name: '简体中文', none: '（无）', separator: ' > ' },
  'ja-JP': { name: '日本語', none: '（なし）', separator: ' > ' },
};
