// Loads the official MCP TypeScript SDK from where .ci/install-inspector put
// it (the directory is passed in: ES modules ignore NODE_PATH) and connects a
// Client over stdio or streamable HTTP.
import { pathToFileURL } from 'node:url';
import { join } from 'node:path';

const cache = {};

// load imports one module of the SDK's ESM build, e.g. 'client/index.js'.
export async function load(sdk, module) {
  if (!cache[module]) cache[module] = await import(pathToFileURL(join(sdk, 'dist', 'esm', module)).href);
  return cache[module];
}

// transportOf builds the SDK transport for {stdio: {...}} or {http: {...}}.
// sessionId, for HTTP, resumes an existing session without initialize.
export async function transportOf(sdk, transport, sessionId) {
  if (transport.stdio) {
    const { StdioClientTransport } = await load(sdk, 'client/stdio.js');
    const s = transport.stdio;
    return new StdioClientTransport({ command: s.command, args: s.args || [], cwd: s.cwd, env: s.env, stderr: 'inherit' });
  }
  const { StreamableHTTPClientTransport } = await load(sdk, 'client/streamableHttp.js');
  const h = transport.http;
  return new StreamableHTTPClientTransport(new URL(h.url), {
    sessionId,
    requestInit: { headers: { Authorization: `Bearer ${h.token}` } },
  });
}

// connect returns an initialised Client (or, with sessionId, one that joins
// that HTTP session as a client on another replica would).
export async function connect(sdk, transport, name, sessionId) {
  const { Client } = await load(sdk, 'client/index.js');
  const client = new Client({ name, version: '1.0.0' }, { capabilities: {} });
  const t = await transportOf(sdk, transport, sessionId);
  await client.connect(t);
  client.formfillTransport = t;
  return client;
}
