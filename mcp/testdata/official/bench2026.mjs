// Round-trip benchmark of formfill's MCP server in the 2026-07-28 era, with
// the official TypeScript client 2.x: N tools/call requests, one after the
// other, each timed from the call to the validated result. Run by
// BenchmarkOfficialSDKRoundTrip in mcp/official_test.go, with the config of
// bench.mjs plus modules (the node_modules holding @modelcontextprotocol).
// It prints one JSON line: {n, p50_ms, p95_ms, mean_ms, min_ms, max_ms}.
import { pathToFileURL } from 'node:url';
import { join } from 'node:path';

const cfg = JSON.parse(process.argv[2]);
const mod = (sub) => import(pathToFileURL(join(cfg.modules, '@modelcontextprotocol', 'client', 'dist', sub)).href);
const { Client, StreamableHTTPClientTransport } = await mod('index.mjs');
const { StdioClientTransport } = await mod('stdio.mjs');

const client = new Client({ name: 'formfill-bench-2026', version: '1.0.0' }, { capabilities: {}, versionNegotiation: { mode: 'auto' } });
const tr = cfg.transport.stdio
  ? new StdioClientTransport({ command: cfg.transport.stdio.command, args: cfg.transport.stdio.args || [], cwd: cfg.transport.stdio.cwd, stderr: 'inherit' })
  : new StreamableHTTPClientTransport(new URL(cfg.transport.http.url), { requestInit: { headers: { Authorization: `Bearer ${cfg.transport.http.token}` } } });
await client.connect(tr);
if (client.getNegotiatedProtocolVersion() !== '2026-07-28') throw new Error(`negotiated ${client.getNegotiatedProtocolVersion()}`);
await client.listTools(); // the client validates results against the schemas it lists

const call = async () => {
  const res = await client.callTool({ name: cfg.tool, arguments: cfg.args });
  if (res.isError) throw new Error(`${cfg.tool}: ${JSON.stringify(res.content)}`);
};
for (let i = 0; i < cfg.warmup; i++) await call();
const times = [];
for (let i = 0; i < cfg.n; i++) {
  const start = performance.now();
  await call();
  times.push(performance.now() - start);
}
await client.close();
times.sort((a, b) => a - b);
const at = (q) => times[Math.min(times.length - 1, Math.floor(q * times.length))];
const mean = times.reduce((a, b) => a + b, 0) / times.length;
console.log(JSON.stringify({ n: times.length, p50_ms: at(0.5), p95_ms: at(0.95), mean_ms: mean, min_ms: times[0], max_ms: times[times.length - 1] }));
