import { sql, type Kysely } from 'kysely';
import type { DatabaseHandle } from '../../apps/server/src/db/connection.ts';
import type { Database } from '../../apps/server/src/db/schema.ts';

const TOPICS = [
  ['机器学习入门', '机器学习'],
  ['深度学习实战', '深度学习'],
  ['数据结构与算法', '算法'],
  ['Web Frontend Developer', 'frontend'],
  ['React from zero', 'react'],
  ['TypeScript in depth', 'typescript'],
  ['日本語 N3 文法', '日本語'],
  ['Photography basics', 'photography'],
  ['Linux 运维', 'linux'],
  ['Kubernetes for developers', 'kubernetes'],
  ['统计学基础', '统计'],
  ['英语语法精讲', 'english'],
  ['Rust systems programming', 'rust'],
  ['产品经理成长路线', '产品'],
  ['UI 设计入门', 'design'],
  ['数据库原理', 'database'],
  ['计算机网络', 'network'],
  ['操作系统', 'os'],
  ['Go backend engineering', 'go'],
  ['Python 数据分析', 'python'],
  ['微积分', '数学'],
  ['线性代数', '数学'],
  ['经济学原理', 'economics'],
  ['心理学导论', 'psychology'],
  ['Guitar for beginners', 'music'],
  ['中国古代史', '历史'],
  ['Japanese kanji N2', '漢字'],
  ['写作与表达', 'writing'],
  ['Cloud architecture', 'cloud'],
  ['信息安全基础', 'security'],
  ['iOS development', 'ios'],
  ['Android 开发', 'android'],
  ['Game design', 'games'],
  ['SQL 查询优化', 'sql'],
  ['Docker 实战', 'docker'],
  ['Cooking fundamentals', 'cooking'],
  ['投资理财入门', '理财'],
  ['自然语言处理', 'nlp'],
  ['计算机视觉', 'cv'],
  ['Public speaking', 'speaking'],
];
const EXTRA_TAGS = [
  '入门',
  'beginner',
  'advanced',
  '进阶',
  'roadmap',
  '学习路线',
  '面试',
  'interview',
  'project',
  '实战',
  'theory',
  '基础',
];

/** A `n` from 1 to count, in each dialect's idiom. */
const series = (dialect: 'sqlite' | 'postgres', count: number) =>
  dialect === 'sqlite'
    ? { head: `WITH RECURSIVE s(n) AS (SELECT 1 UNION ALL SELECT n + 1 FROM s WHERE n < ${count})`, from: 'FROM s' }
    : { head: '', from: `FROM generate_series(1::bigint, ${count}) AS s(n)` };

const isoMinutesAgo = (dialect: 'sqlite' | 'postgres', expr: string) =>
  dialect === 'sqlite'
    ? `strftime('%Y-%m-%dT%H:%M:%fZ', '2026-11-01T00:00:00Z', '-' || (${expr}) || ' minutes')`
    : `to_char(timestamp '2026-11-01 00:00:00' - (${expr}) * interval '1 minute', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/**
 * Fills an empty, migrated database with `shares` templates and about `interactions` likes, ratings
 * and views, in SQL on the server side (seconds, not minutes). Counters are derived from the rows.
 */
export async function seedCommunity(handle: DatabaseHandle, shares: number, interactions: number): Promise<void> {
  // One connection throughout: the app's 15 s statement timeout is lifted for these bulk statements,
  // which take longer than that on a busy 2-core machine.
  await handle.db.connection().execute(async (db) => {
    if (handle.dialect === 'postgres') await sql`SET statement_timeout = 0`.execute(db);
    await fill(db, handle.dialect, shares, interactions);
    // Fresh statistics and, on PostgreSQL, a visibility map, as a long-running database would have.
    await sql.raw(handle.dialect === 'postgres' ? 'VACUUM ANALYZE' : 'ANALYZE').execute(db);
  });
}

async function fill(
  db: Kysely<Database>,
  dialect: 'sqlite' | 'postgres',
  shares: number,
  interactions: number,
): Promise<void> {
  const run = (q: string) => sql.raw(q).execute(db);
  const users = 20_000;
  await run(`CREATE TABLE bench_topics (i integer primary key, title varchar(100), tag varchar(30))`);
  await run(
    `INSERT INTO bench_topics (i, title, tag) VALUES ${TOPICS.map(([t, g], i) => `(${i}, '${t}', '${g}')`).join(', ')}`,
  );
  // Descriptions vary with the topic, so a search word matches a realistic share of the templates.
  const PHRASES = [
    '从零开始',
    'step by step',
    '実践で学ぶ',
    'for beginners',
    '进阶指南',
    'interview prep',
    '体系化',
    'hands-on projects',
  ];
  await run(`CREATE TABLE bench_phrases (i integer primary key, phrase varchar(40))`);
  await run(`INSERT INTO bench_phrases (i, phrase) VALUES ${PHRASES.map((p, i) => `(${i}, '${p}')`).join(', ')}`);
  await run(`CREATE TABLE bench_tags (i integer primary key, tag varchar(30))`);
  const allTags = [...new Set([...TOPICS.map(([, g]) => g!), ...EXTRA_TAGS])];
  await run(`INSERT INTO bench_tags (i, tag) VALUES ${allTags.map((g, i) => `(${i}, '${g}')`).join(', ')}`);

  let s = series(dialect, users);
  await run(`${s.head} INSERT INTO users (username, username_lower, role, is_active, date_joined, updated_at)
    SELECT 'bench' || n, 'bench' || n, 'user', 1, '2026-01-01T00:00:00.000Z', '2026-01-01T00:00:00.000Z' ${s.from}`);

  s = series(dialect, shares);
  const created = isoMinutesAgo(dialect, 'n % 525600');
  await run(`${s.head} INSERT INTO shares (uuid, tree_id, author_id, title, description, tags, search_text, node_count,
      created_at, updated_at, uses_count)
    SELECT 'bench-' || n, NULL, (n % ${users}) + 1, t.title || ' ' || n, t.title || ' · ' || p.phrase,
      '["' || t.tag || '","' || g.tag || '"]',
      lower(t.title || ' ' || n || ' ' || t.title || ' · ' || p.phrase || ' ' || t.tag || ' ' || g.tag),
      1, ${created}, ${created}, n % 50
    ${s.from} JOIN bench_topics t ON t.i = n % ${TOPICS.length} JOIN bench_tags g ON g.i = (n * 7) % ${allTags.length}
      JOIN bench_phrases p ON p.i = (n * 3) % ${PHRASES.length}`);
  await run(`INSERT INTO share_snapshots (share_id, data)
    SELECT id, '{"format":1,"layout":{"direction":"TB"},"nodes":[{"id":"root","parent_id":null,"title":"' || title || '"}],"links":[]}' FROM shares`);
  await run(`INSERT INTO share_tags (share_id, tag, display, created_at)
    SELECT id, lower(t.tag), t.tag, created_at FROM shares JOIN bench_topics t ON t.i = (id % ${TOPICS.length})`);
  await run(`INSERT INTO share_tags (share_id, tag, display, created_at)
    SELECT id, lower(g.tag), g.tag, created_at FROM shares JOIN bench_tags g ON g.i = (id * 7) % ${allTags.length}
    WHERE true ON CONFLICT DO NOTHING`);

  const third = Math.floor(interactions / 3);
  // Skewed popularity: the share picked is squared-random-ish so a few are very popular.
  const pick = (mult: number) => `((n * ${mult}) % ${shares}) * ((n * ${mult}) % ${shares}) / ${shares} + 1`;
  for (const [table, mult] of [
    ['share_likes', 7919],
    ['share_ratings', 104729],
    ['share_views', 15485863],
  ] as const) {
    s = series(dialect, third);
    const cols =
      table === 'share_likes'
        ? `(share_id, user_id, created_at) SELECT ${pick(mult)}, (n % ${users}) + 1, '2026-06-01T00:00:00.000Z'`
        : table === 'share_ratings'
          ? `(share_id, user_id, score, created_at, updated_at) SELECT ${pick(mult)}, (n % ${users}) + 1, (n % 5) + 1, '2026-06-01T00:00:00.000Z', '2026-06-01T00:00:00.000Z'`
          : `(share_id, viewer_key, viewed_at) SELECT ${pick(mult)}, 'u:' || ((n % ${users}) + 1), '2026-06-01T00:00:00.000Z'`;
    await run(`${s.head} INSERT INTO ${table} ${cols} ${s.from} WHERE true ON CONFLICT DO NOTHING`);
  }
  await run(`UPDATE shares SET
    likes_count = (SELECT count(*) FROM share_likes l WHERE l.share_id = shares.id),
    rating_sum = COALESCE((SELECT sum(score) FROM share_ratings r WHERE r.share_id = shares.id), 0),
    rating_count = (SELECT count(*) FROM share_ratings r WHERE r.share_id = shares.id),
    views_count = (SELECT count(*) FROM share_views v WHERE v.share_id = shares.id)`);
  await run(
    `UPDATE shares SET rating_avg = CASE WHEN rating_count = 0 THEN 0 ELSE round(rating_sum * 100.0 / rating_count) / 100 END`,
  );
  const epoch =
    dialect === 'sqlite'
      ? `CAST(strftime('%s', created_at) AS REAL)`
      : `extract(epoch from to_timestamp(created_at, 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'))`;
  await run(
    // As apps/server/src/modules/shares/shares.hot.ts scores them.
    `UPDATE shares SET hot_score = log10(3 * likes_count + 4 * uses_count + 2 * rating_count * (rating_avg / 5) + 0.1 * views_count + 0.01) + log10(2) * ${epoch} / 86400`,
  );
  await run(`DROP TABLE bench_topics`);
  await run(`DROP TABLE bench_phrases`);
  await run(`DROP TABLE bench_tags`);
}
