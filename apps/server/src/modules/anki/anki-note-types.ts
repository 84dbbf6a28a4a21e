/**
 * The four note types an export declares, in the legacy collection's JSON (schema 11), shaped like
 * the stock ones Anki makes so that Anki recognises them: Basic, Basic (and reversed card), Cloze and
 * Image Occlusion (a cloze type, stock kind 6, whose masks are `image-occlusion` cloze shapes).
 */

export const NOTE_TYPE_IDS = {
  basic: 1_600_000_000_001,
  reversed: 1_600_000_000_002,
  cloze: 1_600_000_000_003,
  occlusion: 1_600_000_000_004,
} as const;

const CSS = '.card { font-family: arial; font-size: 20px; text-align: center; color: black; background-color: white; }';

const field = (name: string, ord: number) => ({
  name,
  ord,
  sticky: false,
  rtl: false,
  font: 'Arial',
  size: 20,
  media: [],
});
const template = (name: string, ord: number, qfmt: string, afmt: string) => ({
  name,
  ord,
  qfmt,
  afmt,
  did: null,
  bqfmt: '',
  bafmt: '',
});

function model(
  id: number,
  name: string,
  type: 0 | 1,
  fields: string[],
  templates: ReturnType<typeof template>[],
  stock: number,
) {
  return {
    id,
    name,
    type,
    mod: 0,
    usn: -1,
    sortf: 0,
    did: 1,
    tmpls: templates,
    flds: fields.map(field),
    css: CSS,
    latexPre: '\\documentclass[12pt]{article}\n\\begin{document}\n',
    latexPost: '\\end{document}',
    latexsvg: false,
    req: templates.map((t) => [t.ord, 'any', [t.ord]]),
    tags: [],
    vers: [],
    originalStockKind: stock,
  };
}

const ANSWER = '{{FrontSide}}\n\n<hr id=answer>\n\n';

export function noteTypesJson(): Record<string, unknown> {
  const types = [
    model(
      NOTE_TYPE_IDS.basic,
      'Basic',
      0,
      ['Front', 'Back'],
      [template('Card 1', 0, '{{Front}}', `${ANSWER}{{Back}}`)],
      1,
    ),
    model(
      NOTE_TYPE_IDS.reversed,
      'Basic (and reversed card)',
      0,
      ['Front', 'Back'],
      [
        template('Card 1', 0, '{{Front}}', `${ANSWER}{{Back}}`),
        template('Card 2', 1, '{{Back}}', `${ANSWER}{{Front}}`),
      ],
      2,
    ),
    model(
      NOTE_TYPE_IDS.cloze,
      'Cloze',
      1,
      ['Text', 'Back Extra'],
      [template('Cloze', 0, '{{cloze:Text}}', '{{cloze:Text}}<br>\n{{Back Extra}}')],
      5,
    ),
    model(
      NOTE_TYPE_IDS.occlusion,
      'Image Occlusion',
      1,
      ['Occlusion', 'Image', 'Header', 'Back Extra', 'Comments'],
      [
        template(
          'Image Occlusion',
          0,
          '{{#Header}}<div>{{Header}}</div>{{/Header}}\n<div style="display: none">{{cloze:Occlusion}}</div>\n<div id="image-occlusion-container">{{Image}}<canvas id="image-occlusion-canvas"></canvas></div>\n<script>try { anki.imageOcclusion.setup(); } catch (exc) {}</script>',
          '{{#Header}}<div>{{Header}}</div>{{/Header}}\n<div style="display: none">{{cloze:Occlusion}}</div>\n<div id="image-occlusion-container">{{Image}}<canvas id="image-occlusion-canvas"></canvas></div>\n<script>try { anki.imageOcclusion.setup(); } catch (exc) {}</script>\n<div><button id="toggle">Toggle Masks</button></div>\n{{#Back Extra}}<div>{{Back Extra}}</div>{{/Back Extra}}',
        ),
      ],
      6,
    ),
  ];
  return Object.fromEntries(types.map((type) => [String(type.id), type]));
}
