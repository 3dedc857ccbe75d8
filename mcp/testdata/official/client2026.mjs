// formfill's MCP server as the official TypeScript client of the 2026-07-28
// era sees it: @modelcontextprotocol/client 2.x, with the tasks extension's
// requester (@modelcontextprotocol/ext-tasks). Run by TestOfficialClient2026
// (mcp/official_test.go), which starts the servers and passes a JSON config
// as argv[2]:
//   {modules (the node_modules holding @modelcontextprotocol), tools: [names],
//    stdio (a stdio transport on the embedded default),
//    http: [replica1, replica2] ({url, token}: two replicas on one Redis with
//    a worker), other ({url, token}: replica 1 as another principal),
//    idle ({url, token}: a replica whose queue no worker serves)}
// Every check prints one JSON line {check, ok, detail}; the Go test makes a
// subtest of each.
import { pathToFileURL } from 'node:url';
import { join } from 'node:path';

const cfg = JSON.parse(process.argv[2]);
const mod = (name, sub) => import(pathToFileURL(join(cfg.modules, '@modelcontextprotocol', name, 'dist', sub)).href);
const { Client, StreamableHTTPClientTransport } = await mod('client', 'index.mjs');
const { StdioClientTransport } = await mod('client', 'stdio.mjs');
const { createTaskSessionFromClient, resultFromTaskOutcome } = await mod('ext-tasks', 'client/index.js');

const VERSION = '2026-07-28';
const TASKS = 'io.modelcontextprotocol/tasks';

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

// connect opens a client that negotiates its era with server/discover
// ('auto'): against formfill it must land on 2026-07-28.
async function connect(transport, name) {
  const client = new Client({ name, version: '1.0.0' }, { capabilities: {}, versionNegotiation: { mode: 'auto' } });
  let t;
  if (transport.stdio) {
    const s = transport.stdio;
    t = new StdioClientTransport({ command: s.command, args: s.args || [], cwd: s.cwd, stderr: 'inherit' });
  } else {
    t = new StreamableHTTPClientTransport(new URL(transport.http.url), { requestInit: { headers: { Authorization: `Bearer ${transport.http.token}` } } });
  }
  await client.connect(t);
  return client;
}

// dispatcher sends raw JSON-RPC requests of 2026-07-28 to a replica, as the
// tasks extension's requester needs (the SDK's wire codec does not carry task
// shapes): its own headers, plus the revision's.
let nextID = 1;
function dispatcher(replica) {
  return async (request, options) => {
    const body = { jsonrpc: '2.0', id: nextID++, ...request };
    const headers = {
      'Content-Type': 'application/json', Accept: 'application/json, text/event-stream', Authorization: `Bearer ${replica.token}`,
      'Mcp-Protocol-Version': VERSION, 'Mcp-Method': request.method, ...((options && options.context && options.context.headers) || {}),
    };
    if (request.method === 'tools/call' && !Object.keys(headers).some((h) => h.toLowerCase() === 'mcp-name')) headers['Mcp-Name'] = request.params.name;
    const resp = await fetch(replica.url, { method: 'POST', headers, body: JSON.stringify(body), signal: options && options.signal });
    const text = await resp.text();
    let msg;
    if ((resp.headers.get('content-type') || '').startsWith('text/event-stream')) {
      for (const line of text.split('\n')) {
        if (line.startsWith('data: ')) {
          const m = JSON.parse(line.slice(6));
          if (m.id !== undefined) msg = m;
        }
      }
    } else {
      msg = JSON.parse(text);
    }
    if (!msg) throw new Error(`HTTP ${resp.status}: ${text}`);
    return msg.error ? { kind: 'error', error: msg.error } : { kind: 'result', result: msg.result };
  };
}

// taskSession is the extension's requester on a connected client.
function taskSession(client, replica, name) {
  return createTaskSessionFromClient(client, {
    endpointId: `formfill-${name}`,
    rawDispatch: dispatcher(replica),
    v2RequestFraming: { protocolVersion: VERSION, clientInfo: { name, version: '1.0.0' }, clientCapabilities: {} },
  });
}

// raw sends one request to a replica and returns the JSON-RPC response.
async function raw(replica, method, params, caps = { extensions: { [TASKS]: {} } }) {
  const r = await dispatcher(replica)({ method, params: { ...params, _meta: { 'io.modelcontextprotocol/protocolVersion': VERSION, 'io.modelcontextprotocol/clientCapabilities': caps } } },
    { context: { headers: params.taskId ? { 'Mcp-Name': params.taskId } : {} } });
  return r;
}

// The checks on a transport: the era, the tools, a call validated against
// its output schema, a tool error, a produced document as a resource_link
// read back with resources/read.
async function transportChecks(label, transport) {
  const client = await connect(transport, `formfill-2026-${label}`);
  try {
    await check(`${label}/negotiates 2026-07-28`, async () => {
      assert(client.getProtocolEra() === 'modern' && client.getNegotiatedProtocolVersion() === VERSION,
        `era ${client.getProtocolEra()}, version ${client.getNegotiatedProtocolVersion()}`);
      const caps = client.getServerCapabilities();
      assert(caps && caps.extensions && caps.extensions[TASKS], `capabilities ${JSON.stringify(caps)}`);
    });
    await check(`${label}/tools`, async () => {
      const { tools } = await client.listTools();
      const names = tools.map((t) => t.name).sort();
      assert(JSON.stringify(names) === JSON.stringify([...cfg.tools].sort()), `tools ${names}`);
    });
    let compact;
    await check(`${label}/call`, async () => {
      compact = await client.callTool({ name: 'extract_structure_compact', arguments: { file_path: 'two_column.docx' } });
      assert(!compact.isError && textOf(compact).includes('T1-R2-C2'), `extract_structure_compact: ${textOf(compact)}`);
    });
    await check(`${label}/tool error`, async () => {
      const res = await client.callTool({ name: 'extract_text', arguments: { file_path: 'missing.docx' } });
      assert(res.isError && textOf(res).includes('How to fix') && res.structuredContent.error.kind === 'invalid_argument', `error: ${JSON.stringify(res)}`);
    });
    await check(`${label}/resource link read back`, async () => {
      const res = await client.callTool({ name: 'write_answers', arguments: { doc_id: compact.structuredContent.doc_id, answers: [{ pair_id: 'T1-R2-C2', answer_text: 'Acme Ltd' }] } });
      const link = (res.content || []).find((c) => c.type === 'resource_link');
      assert(!res.isError && link && link.uri === res.structuredContent.output_uri && link.size > 0 && link.mimeType.includes('wordprocessingml'), `write_answers: ${JSON.stringify(res.content)}`);
      const read = await client.readResource({ uri: link.uri });
      const blob = read.contents[0].blob;
      assert(Buffer.from(blob, 'base64').length === link.size, `resources/read: ${blob.length} base64 characters for ${link.size} bytes`);
    });
  } finally {
    await client.close();
  }
}

// The tasks extension over HTTP: a long call answered with a task handle,
// polled to its result (on the other replica too); another principal sees
// none of it; a cancel reaches the job; task methods need the extension.
async function taskChecks() {
  const [r1, r2] = cfg.http;
  const client = await connect({ http: r1 }, 'formfill-2026-tasks');
  const session = taskSession(client, r1, 'tasks');
  let taskId;
  try {
    await check('tasks/a long call becomes a task, settled by polling', async () => {
      const execution = await session.callTool('extract_text', { file_path: 'form.pdf', wait_seconds: 0 });
      assert(execution.kind === 'task', `execution kind ${execution.kind}`);
      taskId = execution.handle.taskId;
      const { outcome } = await execution.settle({ close: false });
      const result = resultFromTaskOutcome(outcome);
      assert(textOf(result).includes('Full name'), `result: ${JSON.stringify(result)}`);
    });
    await check('tasks/the other replica answers for the task', async () => {
      const r = await raw(r2, 'tasks/get', { taskId });
      assert(r.kind === 'result' && r.result.status === 'completed' && JSON.stringify(r.result.result).includes('Full name'), JSON.stringify(r));
    });
    await check('tasks/another principal sees none of it', async () => {
      for (const method of ['tasks/get', 'tasks/cancel', 'tasks/update']) {
        const r = await raw(cfg.other, method, { taskId, inputResponses: {} });
        assert(r.kind === 'error' && r.error.code === -32602, `${method}: ${JSON.stringify(r)}`);
      }
      const other = await connect({ http: cfg.other }, 'formfill-2026-other');
      try {
        const got = await other.callTool({ name: 'get_job', arguments: { job_id: taskId } });
        assert(got.isError && textOf(got).includes('not found'), `get_job: ${textOf(got)}`);
      } finally {
        await other.close();
      }
    });
    await check('tasks/task methods need the extension', async () => {
      const r = await raw(r1, 'tasks/get', { taskId }, {});
      assert(r.kind === 'error' && r.error.code === -32021, JSON.stringify(r));
    });
  } finally {
    await session.close();
    await client.close();
  }
  const idleClient = await connect({ http: cfg.idle }, 'formfill-2026-idle');
  const idle = taskSession(idleClient, cfg.idle, 'idle');
  try {
    await check('progress while a call waits', async () => {
      // No worker runs the job: the call waits its wait_seconds, and the
      // job's first step is reported meanwhile.
      const seen = [];
      const res = await idleClient.callTool({ name: 'extract_text', arguments: { file_path: 'form.pdf', wait_seconds: 1 } }, { onprogress: (p) => seen.push(p) });
      const job = res.structuredContent.job_id;
      assert(!res.isError && res.structuredContent.status === 'pending', `the call: ${JSON.stringify(res.structuredContent)}`);
      assert(seen.length === 1 && seen[0].message === `job ${job} queued` && seen[0].progress === 1 && seen[0].total === undefined, `progress: ${JSON.stringify(seen)}`);
      await idleClient.callTool({ name: 'cancel_job', arguments: { job_id: job } });
    });
    await check('tasks/cancel reaches the job', async () => {
      const execution = await session_call(idle);
      await execution.cancel();
      const view = await idle.task(execution.handle.taskId).snapshot();
      assert(view.status === 'cancelled', `after cancel: ${JSON.stringify(view)}`);
      const got = await idleClient.callTool({ name: 'get_job', arguments: { job_id: execution.handle.taskId } });
      assert(got.structuredContent.status === 'canceled', `get_job after cancel: ${JSON.stringify(got.structuredContent)}`);
    });
  } finally {
    await idle.close();
    await idleClient.close();
  }
}

// session_call starts a call no worker will run.
async function session_call(s) {
  const execution = await s.callTool('extract_text', { file_path: 'form.pdf', wait_seconds: 0 });
  assert(execution.kind === 'task', `execution kind ${execution.kind}`);
  return execution;
}

await transportChecks('stdio', cfg.stdio);
await transportChecks('http', { http: cfg.http[0] });
await taskChecks();
