// Package formats holds what formfill's document engines share: the Engine
// interface that each format (formats/word, formats/excel, formats/pdf)
// implements, the types every tool exchanges, type detection and input
// limits, the archive guard, the Stopper a call carries, and the work done
// alike above every engine (answer checks, verification and review,
// harvest, search, the paged document view).
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
