// Types of the npm package anki-apkg-export (a third-party .apkg writer the tests import decks from).
declare module 'anki-apkg-export' {
  export default class AnkiExport {
    constructor(deckName: string);
    addMedia(filename: string, data: Uint8Array): void;
    addCard(front: string, back: string, options?: { tags?: string | string[] }): void;
    save(options?: Record<string, unknown>): Promise<Uint8Array>;
  }
}
