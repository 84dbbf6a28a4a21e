import type { MessageCatalog } from '../../lib/messages/index.ts';

/** The Anki import's and export's messages in zh-CN and ja-JP, keyed by the English text. */
export const ANKI_MESSAGES: MessageCatalog = {
  'This file is not an Anki deck (.apkg or .colpkg).': {
    'zh-CN': '这个文件不是 Anki 牌组（.apkg 或 .colpkg）。',
    'ja-JP': 'このファイルは Anki のデッキ（.apkg または .colpkg）ではありません。',
  },
  'The Anki collection inside this file is damaged.': {
    'zh-CN': '这个文件中的 Anki 集合已损坏。',
    'ja-JP': 'このファイル内の Anki コレクションは壊れています。',
  },
  'The import failed. Nothing was changed; try again later.': {
    'zh-CN': '导入失败，没有做任何更改；请稍后再试。',
    'ja-JP': 'インポートに失敗しました。何も変更されていません。後でもう一度お試しください。',
  },
  'This file has more decks than a tree can hold ({max} nodes).': {
    'zh-CN': '这个文件中的牌组多于一棵树能容纳的数量（{max} 个节点）。',
    'ja-JP': 'このファイルのデッキは、ツリーに収まる数（{max} ノード）を超えています。',
  },
  'Name exactly one of tree or title.': {
    'zh-CN': '请指定 tree 或 title 中的一个。',
    'ja-JP': 'tree か title のどちらか一方を指定してください。',
  },
  'Choose an .apkg or .colpkg file.': {
    'zh-CN': '请选择一个 .apkg 或 .colpkg 文件。',
    'ja-JP': '.apkg または .colpkg ファイルを選んでください。',
  },
};
