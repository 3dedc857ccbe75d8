// Package safefile reads and writes the files formfill's callers name: the
// CLI's -o, a batch's outputs, the MCP server's file_path and
// output_file_path. It is the one place that decides how a file is written:
//
//   - atomically: the data goes to a new file beside the target, created
//     with a random name, O_EXCL and O_NOFOLLOW, then renamed over the
//     target, so a reader never sees half a document and no other file is
//     ever touched (a predictable OUT.tmp could be a user's file, or a
//     symlink planted to redirect the write);
//   - through an os.Root opened on the target's directory, so a directory on
//     the path swapped for a symlink after the check cannot carry the write
//     elsewhere; a symlink at the target itself is replaced, never followed;
//   - with the right mode: a new file gets 0666 less the process's umask,
//     as any file a program creates, and a file replaced keeps its mode (a
//     0600 questionnaire stays 0600).
//
// Roots adds confinement: paths resolved, symlinks included, and refused
// unless they lie inside a set of directories (the MCP server's --root, a
// batch's --out-dir).
package safefile
