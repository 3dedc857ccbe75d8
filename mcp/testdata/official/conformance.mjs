// Conformance of formfill's MCP server as the official TypeScript SDK's
// Client sees it. Run by TestOfficialSDKConformance (mcp/official_test.go),
// which starts the servers and passes a JSON config as argv[2]:
//   {sdk, version, tools: {name: {readOnly, destructive, idempotent, openWorld}},
//    calls: {tool: args} (a successful call of each tool that needs no job),
//    errors: [{name, tool, args, want: [substrings]}],
//    stdioEmbedded, stdioRedis: [a, b] (stdio transports on one Redis),
//    http: [replica1, replica2] ({url, token}), otherToken (another
//    principal's token on both replicas)}
// Every check prints one JSON line {check, ok, detail}; the Go test makes a
// subtest of each. callTool validates every result against the tool's
// output schema, so a check that calls a tool fails on a result the SDK
// refuses.
import { connect, load } from './sdk.mjs';

const cfg = JSON.parse(process.argv[2]);
const { CallToolResultSchema, CreateTaskResultSchema, McpError } = await load(cfg.sdk, 'types.js');

async function check(name, fn) {
  try {
    await fn();
    console.log(JSON.stringify({ check: name, ok: true }));
  } catch (e) {
    console.log(JSON.stringify({ check: name, ok: false, detail: String(e && e.stack ? e.stack : e) }));
  }
}

function assert(cond, msg) {
  if (!cond) throw new Error(msg);
}

const textOf = (res) => (res.content || []).filter((c) => c.type === 'text').map((c) => c.text).join('\n');

// rejects runs fn and returns the McpError it must throw.
async function rejects(fn, what) {
  try {
    await fn();
  } catch (e) {
    assert(e instanceof McpError, `${what}: threw ${e}, not an McpError`);
    return e;
  }
  throw new Error(`${what}: succeeded`);
}

// callOK calls a tool through the SDK (which validates the result) and
// requires a success.
async function callOK(client, name, args) {
  const res = await client.callTool({ name, arguments: args });
  assert(!res.isError, `${name}(${JSON.stringify(args)}) failed: ${textOf(res)}`);
  return res;
}

// createTask makes a task-augmented tools/call and returns the task ID.
async function createTask(client, name, args) {
  const res = await client.request({ method: 'tools/call', params: { name, arguments: args, task: { ttl: 60000 } } }, CreateTaskResultSchema);
  assert(res.task && res.task.taskId && res.task.status === 'working', `CreateTaskResult: ${JSON.stringify(res)}`);
  return res.task.taskId;
}

async function allTasks(client) {
  const ids = [];
  let cursor;
  let pages = 0;
  do {
    const page = await client.experimental.tasks.listTasks(cursor);
    ids.push(...page.tasks.map((t) => t.taskId));
    cursor = page.nextCursor;
    pages++;
  } while (cursor && pages < 100);
  return { ids, pages };
}

// The checks every transport must pass: the tools as listed, each tool
// called, each error path, text for text-only clients.
async function toolChecks(label, transport) {
  const client = await connect(cfg.sdk, transport, `formfill-conformance-${label}`);
  try {
    await check(`${label}/serverInfo.version`, async () => {
      const v = client.getServerVersion();
      assert(v && v.version === cfg.version, `serverInfo ${JSON.stringify(v)}; want version ${cfg.version}`);
    });
    const { tools } = await client.listTools();
    await check(`${label}/tools and annotations`, async () => {
      const names = tools.map((t) => t.name).sort();
      assert(JSON.stringify(names) === JSON.stringify(Object.keys(cfg.tools).sort()), `tools ${names}; want ${Object.keys(cfg.tools).sort()}`);
      for (const t of tools) {
        const want = cfg.tools[t.name];
        const a = t.annotations || {};
        for (const [hint, key] of [['readOnlyHint', 'readOnly'], ['destructiveHint', 'destructive'], ['idempotentHint', 'idempotent'], ['openWorldHint', 'openWorld']]) {
          assert(a[hint] === want[key], `${t.name}: ${hint} = ${a[hint]}, want ${want[key]}`);
        }
      }
    });
    let compact;
    for (const [name, args] of Object.entries(cfg.calls)) {
      await check(`${label}/call ${name}`, async () => {
        const res = await callOK(client, name, args);
        assert(res.structuredContent && res.structuredContent.status === 'completed', `${name}: ${JSON.stringify(res.structuredContent)}`);
        if (name === 'extract_structure_compact') compact = res;
      });
    }
    await check(`${label}/text carries job_id and doc_id`, async () => {
      const sc = compact.structuredContent;
      const text = textOf(compact);
      assert(text.includes('T1-R2-C2'), `no compact map in the text: ${text}`);
      assert(text.includes(`job_id: ${sc.job_id}`) && text.includes(`doc_id: ${sc.doc_id}`), `text lacks the IDs: ${text}`);
    });
    await check(`${label}/job tools`, async () => {
      const id = compact.structuredContent.job_id;
      const got = await callOK(client, 'get_job', { job_id: id });
      assert(got.structuredContent.status === 'completed' && textOf(got).includes('T1-R2-C2'), `get_job: ${textOf(got)}`);
      const list = await callOK(client, 'list_jobs', { limit: 50 });
      assert(list.structuredContent.jobs.some((j) => j.job_id === id), `list_jobs lacks ${id}`);
      const cancel = await callOK(client, 'cancel_job', { job_id: id });
      assert(cancel.structuredContent.canceled === false, `cancel_job of a finished job: ${textOf(cancel)}`);
    });
    for (const tool of tools) {
      await check(`${label}/empty arguments to ${tool.name}`, async () => {
        await client.callTool({ name: tool.name, arguments: {} }); // validated, error or not
      });
    }
    for (const e of cfg.errors) {
      await check(`${label}/error ${e.name}`, async () => {
        const res = await client.callTool({ name: e.tool, arguments: e.args });
        const text = textOf(res);
        assert(res.isError, `${e.tool}(${JSON.stringify(e.args)}) succeeded: ${text}`);
        for (const w of [...e.want, 'How to fix']) assert(text.includes(w), `error text lacks ${JSON.stringify(w)}: ${text}`);
        const sc = res.structuredContent;
        assert(sc && sc.status === 'failed' && sc.error && sc.error.kind && sc.error.message, `structured error: ${JSON.stringify(sc)}`);
      });
    }
  } finally {
    await client.close();
  }
}

// Two stdio servers on one Redis are two sessions: neither sees the
// other's jobs or tasks.
async function stdioIsolation() {
  const [a, b] = await Promise.all(cfg.stdioRedis.map((t, i) => connect(cfg.sdk, t, `formfill-stdio-${i}`)));
  try {
    await Promise.all([a.listTools(), b.listTools()]);
    const res = await callOK(a, 'extract_structure_compact', cfg.calls.extract_structure_compact);
    const job = res.structuredContent.job_id;
    const task = await createTask(a, 'extract_text', cfg.calls.extract_text);
    await check('stdio on one Redis/own session sees its jobs and tasks', async () => {
      const list = await callOK(a, 'list_jobs', {});
      assert(list.structuredContent.jobs.some((j) => j.job_id === job), 'list_jobs lacks the own job');
      const t = await a.experimental.tasks.getTask(task);
      assert(t.taskId === task, `tasks/get: ${JSON.stringify(t)}`);
      const { ids } = await allTasks(a);
      assert(ids.includes(task), 'tasks/list lacks the own task');
      const result = await a.experimental.tasks.getTaskResult(task, CallToolResultSchema);
      assert(!result.isError && textOf(result).includes('Company legal name'), `tasks/result: ${textOf(result)}`);
    });
    await check('stdio on one Redis/other server sees nothing', async () => {
      const list = await callOK(b, 'list_jobs', { limit: 200 });
      assert(!list.structuredContent.jobs.some((j) => j.job_id === job || j.job_id === task), 'list_jobs shows the other server\'s job');
      for (const id of [job, task]) {
        const got = await b.callTool({ name: 'get_job', arguments: { job_id: id } });
        assert(got.isError && textOf(got).includes('not found') && !textOf(got).includes('T1-R2-C2'), `get_job of the other's job: ${textOf(got)}`);
        const e = await rejects(() => b.experimental.tasks.getTask(id), 'tasks/get of the other\'s task');
        assert(e.code === -32602, `tasks/get: code ${e.code}`);
        await rejects(() => b.experimental.tasks.getTaskResult(id, CallToolResultSchema), 'tasks/result of the other\'s task');
      }
      const { ids } = await allTasks(b);
      assert(!ids.includes(task) && !ids.includes(job), 'tasks/list shows the other server\'s task');
    });
  } finally {
    await Promise.all([a.close(), b.close()]);
  }
}

// Tasks over HTTP across two replicas on one Redis: a session opened on
// one replica continues on the other; another session of the same
// principal sees the task, another principal none of it; no task call is
// served without a session; tasks/list paginates.
async function httpTasks() {
  const [r1, r2] = cfg.http;
  const c1 = await connect(cfg.sdk, { http: r1 }, 'formfill-replica-1');
  const session = c1.formfillTransport.sessionId;
  const c1b = await connect(cfg.sdk, { http: r2 }, 'formfill-replica-2', session);
  const c2 = await connect(cfg.sdk, { http: { url: r2.url, token: cfg.otherToken } }, 'formfill-other-principal');
  const c3 = await connect(cfg.sdk, { http: r2 }, 'formfill-same-principal-new-session');
  try {
    await c1.listTools();
    let task;
    await check('http replicas/task made on one replica is served by the other', async () => {
      task = await createTask(c1, 'list_form_fields', cfg.calls.list_form_fields);
      const result = await c1b.experimental.tasks.getTaskResult(task, CallToolResultSchema);
      assert(!result.isError && JSON.stringify(result.structuredContent).includes('customer_id'), `tasks/result on replica 2: ${JSON.stringify(result)}`);
      const t = await c1b.experimental.tasks.getTask(task);
      assert(t.status === 'completed', `tasks/get on replica 2: ${JSON.stringify(t)}`);
      const { ids } = await allTasks(c1b);
      assert(ids.includes(task), 'tasks/list on replica 2 lacks the task');
    });
    await check('http replicas/callToolStream runs a tool as a task', async () => {
      const seen = [];
      for await (const m of c1.experimental.tasks.callToolStream({ name: 'extract_text', arguments: cfg.calls.extract_text }, CallToolResultSchema, { task: { ttl: 60000 } })) {
        seen.push(m.type);
        if (m.type === 'result') assert(textOf(m.result).includes('Company legal name'), `result: ${JSON.stringify(m.result)}`);
        if (m.type === 'error') throw m.error;
      }
      assert(seen[0] === 'taskCreated' && seen[seen.length - 1] === 'result', `stream: ${seen}`);
    });
    await check('http replicas/another session of the principal sees it', async () => {
      assert(c3.formfillTransport.sessionId !== session, 'the same session');
      const t = await c3.experimental.tasks.getTask(task);
      assert(t.status === 'completed', `tasks/get in another session: ${JSON.stringify(t)}`);
      const { ids } = await allTasks(c3);
      assert(ids.includes(task), 'another session of the principal does not list the task');
      const got = await c3.callTool({ name: 'get_job', arguments: { job_id: task } });
      assert(!got.isError && JSON.stringify(got.structuredContent).includes('customer_id'), `get_job in another session: ${textOf(got)}`);
    });
    await check('http replicas/another principal sees none of it', async () => {
      const e = await rejects(() => c2.experimental.tasks.getTask(task), 'tasks/get by another principal');
      assert(e.code === -32602, `code ${e.code}`);
      await rejects(() => c2.experimental.tasks.getTaskResult(task, CallToolResultSchema), 'tasks/result by another principal');
      await rejects(() => c2.experimental.tasks.cancelTask(task), 'tasks/cancel by another principal');
      const { ids } = await allTasks(c2);
      assert(!ids.includes(task), 'another principal lists the task');
      const got = await c2.callTool({ name: 'get_job', arguments: { job_id: task } });
      assert(got.isError && textOf(got).includes('not found'), `get_job by another principal: ${textOf(got)}`);
    });
    await check('http replicas/tasks/list paginates', async () => {
      const made = [task];
      for (let i = 0; i < 55; i++) made.push(await createTask(c1, 'build_insertion_xml', cfg.calls.build_insertion_xml));
      const first = await c1b.experimental.tasks.listTasks();
      assert(first.nextCursor, `no nextCursor with ${made.length} tasks: ${first.tasks.length} listed`);
      const { ids, pages } = await allTasks(c1b);
      for (const id of made) assert(ids.includes(id), `task ${id} missing from ${pages} pages`);
      assert(new Set(ids).size === ids.length, 'a task listed twice');
      const e = await rejects(() => c1b.experimental.tasks.listTasks('bm90LWEtY3Vyc29y'), 'tasks/list with an invalid cursor');
      assert(e.code === -32602, `invalid cursor: code ${e.code}`);
    });
    await check('http replicas/no task call without a session', async () => {
      for (const [session, want] of [[undefined, [400, 404]], ['mcp-session-00000000-0000-4000-8000-000000000000', [404]]]) {
        for (const body of [{ method: 'tasks/list' }, { method: 'tasks/get', params: { taskId: task } },
          { method: 'tools/call', params: { name: 'extract_text', arguments: cfg.calls.extract_text, task: {} } }]) {
          const headers = { 'Content-Type': 'application/json', Accept: 'application/json, text/event-stream', Authorization: `Bearer ${r2.token}` };
          if (session) headers['Mcp-Session-Id'] = session;
          const resp = await fetch(r2.url, { method: 'POST', headers, body: JSON.stringify({ jsonrpc: '2.0', id: 1, ...body }) });
          const text = await resp.text();
          assert(want.includes(resp.status) && !text.includes(task), `${body.method} with session ${session}: HTTP ${resp.status} ${text}`);
        }
      }
    });
  } finally {
    await Promise.all([c1.close(), c1b.close(), c2.close(), c3.close()]);
  }
}

await toolChecks('stdio embedded', cfg.stdioEmbedded);
await toolChecks('http replica', { http: cfg.http[0] });
await stdioIsolation();
await httpTasks();
