// Round-trip benchmark of formfill's MCP server with the official TypeScript
// SDK as the client: N tools/call requests, one after the other, each timed
// from the call to the validated result. Run by BenchmarkOfficialSDK in
// mcp/official_test.go, which passes a JSON config as argv[2]:
//   {sdk, transport: {stdio: {command, args, cwd, env}} | {http: {url, token}},
//    tool, args, warmup, n}
// It prints one JSON line: {n, p50_ms, p95_ms, mean_ms, min_ms, max_ms}.
import { connect } from './sdk.mjs';

const cfg = JSON.parse(process.argv[2]);
const client = await connect(cfg.sdk, cfg.transport, 'formfill-bench');
await client.listTools(); // the SDK validates results against the schemas it lists

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
