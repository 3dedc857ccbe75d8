// Package formats is formfill's document engine: it detects a document's type,
// enforces input limits, defines the types every tool exchanges, and names the
// Engine interface that each format (formats/word, formats/excel, formats/pdf)
// implements.
//
// Everything here is a pure function of bytes in, bytes or structs out: no file
// system, no network, no Redis. The JSON names of the types are those of the
// MCP tools (extract_structure_compact, write_answers, …), so that MCP
// clients, the CLI and job payloads all speak alike.
//
// This package is for engine authors and the layers above the engines; Go
// programs that embed formfill use the root package, github.com/formfill/formfill.
//
// Engine methods take no context, so a call is as simple as e.Write(doc,
// answers, opts). A caller that needs to stop work part-way (a worker whose
// job timed out) binds the engine first: WithContext(ctx, e) returns an engine
// whose calls check ctx between units of work and end with ErrStopped.
package formats
