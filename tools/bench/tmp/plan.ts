import { api } from '@tertulia/contract';
import SQLite from 'better-sqlite3';
import { benchApp, benchMembers } from '../_shared';

const app = await benchApp();
const { ids, cookies } = await benchMembers(app.deps.db, 200, 'im');
let cid = 0;
for (let k = 0; k < 100; k++) {
  const res = await app.app.inject({
    method: 'POST',
    url: api.messaging.send.path,
    headers: { cookie: cookies[k * 2] },
    payload: { targetIds: [ids[k * 2 + 1]], message: 'hola', maxMessages: 0 },
  });
  cid = res.json().Conversation[0].conversationId;
}
const file = `${(app.deps.config as { dataDir: string }).dataDir}/tertulia.db`;
const db = new SQLite(file);
const sql = `select "users"."id", "users"."name", "cm"."conversation_id" as "cm_conversation_id", "cm"."joined_at" as "cm_joined_at" from "conversation_members" as "cm" inner join "users" on "users"."id" = "cm"."user_id" where "cm"."conversation_id" = ? order by "cm"."joined_at", "cm"."user_id"`;
console.log(db.prepare(`EXPLAIN QUERY PLAN ${sql}`).all(cid));
const st = db.prepare(sql);
for (let i = 0; i < 2000; i++) st.all(cid);
const t = performance.now();
for (let i = 0; i < 20000; i++) st.all(cid);
console.log('members query', (((performance.now() - t) * 1000) / 20000).toFixed(1), 'µs');
console.log(db.prepare("select sql from sqlite_master where tbl_name = 'conversation_members'").all());
await app.close();
