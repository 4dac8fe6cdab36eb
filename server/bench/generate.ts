import Database from '../src/db/sqliteDriver.ts';

/** Fills questionBank with `count` generated rows: parentId 1-20, typeId 1-200, 2% deleted. */
export function generateQuestions(file: string, count: number): void {
  const db = new Database(file);
  db.pragma('journal_mode = WAL');
  db.pragma('synchronous = OFF');
  const insert = db.prepare(
    'insert into questionBank (parentId, typeId, name, options, correctOptions, subject, createTime, isdelete) values (?, ?, ?, ?, ?, ?, ?, ?)',
  );
  const options = JSON.stringify(['选项一', '选项二', '选项三', '选项四']);
  const batch = db.transaction((from: number, to: number) => {
    for (let i = from; i < to; i++) {
      insert.run(
        1 + (i % 20),
        1 + (i % 200),
        `第 ${i} 题：下列说法中哪一项是正确的？`,
        options,
        'ABCD'[i % 4],
        '解析文字',
        '2026-01-01 00:00:00',
        (Math.imul(i + 1, 2654435761) >>> 16) % 50 === 0 ? 1 : 0,
      );
    }
  });
  for (let from = 0; from < count; from += 100_000) batch(from, Math.min(count, from + 100_000));
  db.exec('analyze');
  db.close();
}

/**
 * The same rows as generateQuestions, generated inside PostgreSQL (one INSERT … SELECT over
 * generate_series: no row crosses the wire), then VACUUM ANALYZE as after any bulk load.
 */
export async function generateQuestionsPg(client: import('pg').Client, count: number): Promise<void> {
  const options = JSON.stringify(['选项一', '选项二', '选项三', '选项四']);
  await client.query(
    `insert into "questionBank" ("parentId", "typeId", name, options, "correctOptions", subject, "createTime", isdelete)
     select 1 + i % 20, 1 + i % 200, '第 ' || i || ' 题：下列说法中哪一项是正确的？', $1, substr('ABCD', 1 + i % 4, 1), '解析文字',
            timestamp '2026-01-01 00:00:00',
            -- the generator's Math.imul(i + 1, 2654435761) >>> 16, in 64-bit arithmetic
            case when ((((i + 1)::bigint * 2654435761) % 4294967296) >> 16) % 50 = 0 then 1 else 0 end
     from generate_series(0, $2::int - 1) as i`,
    [options, count],
  );
  await client.query('vacuum analyze "questionBank"');
}
