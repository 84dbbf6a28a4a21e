/** An author's page (`/u/:username`). */
export const authorPath = (username: string) => `/u/${encodeURIComponent(username)}`;
/** A collection's page (`/collections/:uuid`). */
export const collectionPath = (uuid: string) => `/collections/${encodeURIComponent(uuid)}`;
