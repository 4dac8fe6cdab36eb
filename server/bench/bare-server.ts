// The floor for the API benchmark: a bare Fastify route running the same two SQL statements
// as the generic select, with prepared statements and no registry, parsing, access check or session.
import Database from '../src/db/sqliteDriver.ts';
import Fastify from 'fastify';

const [file, port] = [process.argv[2]!, Number(process.argv[3])];
const db = new Database(file, { readonly: true });
const rows = db.prepare(
  'select id, parentId, typeId, name, options, correctOptions, subject, createTime from questionBank where isdelete = 0 and parentId = ? order by id desc limit ? offset ?',
);
const count = db.prepare('select count(*) as total from questionBank where isdelete = 0 and parentId = ?');
const app = Fastify();
app.get('/bare', async (req) => {
  const q = req.query as { page: string; row: string; parentId: string };
  const row = Number(q.row);
  const data = rows.all(Number(q.parentId), row, (Number(q.page) - 1) * row);
  const { total } = count.get(Number(q.parentId)) as { total: number };
  return { status: 200, success: true, message: 'ok', data, total };
});
await app.listen({ port, host: '127.0.0.1' });
console.log('ready');
