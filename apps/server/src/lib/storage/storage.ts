/** Where uploaded files live. Keys are server-generated (`avatars/ab12….webp`), never user input. */
export interface Storage {
  put(key: string, body: Buffer, contentType: string): Promise<void>;
  /** the object's bytes and type, or null when absent */
  get(key: string): Promise<{ body: Buffer; contentType: string } | null>;
  delete(key: string): Promise<void>;
}

/** Public URL path of a stored key: files are served by the `/media/` route. */
export const mediaPath = (key: string) => `/media/${key}`;
