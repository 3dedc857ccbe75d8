//go:build !unix

package excel

// calcCPUNow is unknown here: benchmarks report wall time only.
func calcCPUNow() int64 { return -1 }
