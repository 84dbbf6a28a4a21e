import type { DB } from '../../db/connection.ts';

/** What a link preview and an oEmbed answer need of a template, without its snapshot. */
export interface TemplateCardRow {
  id: number;
  uuid: string;
  title: string;
  description: string;
  cover_key: string | null;
  hidden: number;
  author_id: number;
  author_name: string | null;
}

/** One indexed read by uuid (the author's name joined in): cheap enough for every template page load. */
export async function findTemplateCard(db: DB, uuid: string): Promise<TemplateCardRow | undefined> {
  return (await db
    .selectFrom('shares')
    .leftJoin('users', 'users.id', 'shares.author_id')
    .select([
      'shares.id',
      'shares.uuid',
      'shares.title',
      'shares.description',
      'shares.cover_key',
      'shares.hidden',
      'shares.author_id',
      'users.username as author_name',
    ])
    .where('shares.uuid', '=', uuid)
    .executeTakeFirst()) as TemplateCardRow | undefined;
}
