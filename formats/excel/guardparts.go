package excel

import (
	"archive/zip"
	"bytes"
	"cmp"
	"errors"
	"runtime"
	"slices"
	"sync"

	"github.com/formfill/formfill/formats"
	"golang.org/x/net/html/charset"
)

// checkXMLParts refuses a workbook whose XML parts are not all well-formed,
// shallower than maxDepth and free of DTDs, before any reader reads them:
// a malformed part must be refused, naming it, not read up to its first
// error (a sheet would lose its rows silently), and every tool must meet
// the same refusal. The readers after it may take each part as
// well-formed.
// Its cost is one streaming pass over each part, with no tree built; the
// pass over a worksheet also yields its sheetScan, by part name, and the
// pass over the shared strings their scan, so the read tools do not parse
// that XML a second time.
//
// The pass was most of a large workbook's first page, and parts are
// independent: a large workbook's parts are checked in lanes, one per core
// (see guardLanes). Whatever the lanes, the refusal is the one a pass in
// archive order would meet first. stop, if not nil, is stepped once per XML
// token (each lane steps a fork of it).
func checkXMLParts(a *formats.Archive, stop *formats.Stopper) (partScans, error) {
	return checkPartsInLanes(a, stop, laneLimit())
}

// checkPartsInLanes is checkXMLParts in at most n lanes.
func checkPartsInLanes(a *formats.Archive, stop *formats.Stopper, n int) (partScans, error) {
	parts, listErr := xmlParts(a, stop)
	checks := make([]partCheck, len(parts))
	lanes := guardLanes(parts, n)
	failed := newLowestFailure(len(parts))
	if len(lanes) == 1 {
		checkLane(a, lanes[0], parts, checks, failed, stop)
	} else {
		var wg sync.WaitGroup
		for _, lane := range lanes {
			wg.Go(func() {
				fork := stop.Fork()
				checkLane(a.WithStopper(fork), lane, parts, checks, failed, fork)
			})
		}
		wg.Wait()
	}
	scans := partScans{sheets: map[string]*sheetScan{}}
	tables := 0
	for i, c := range checks {
		if c.err != nil {
			return partScans{}, c.err
		}
		if c.scan != nil {
			scans.sheets[parts[i].Name] = c.scan
		}
		if c.utf16 {
			if scans.utf16 == nil {
				scans.utf16 = map[string]bool{}
			}
			scans.utf16[parts[i].Name] = true
		}
		if isSharedStringsPart(parts[i].Name) {
			scans.sharedStrings, scans.sharedStringsName = c.sst, parts[i].Name
			tables++
		}
		if isStylesPart(parts[i].Name) {
			scans.stylesName = parts[i].Name
		}
	}
	if tables > 1 {
		scans.sharedStrings = nil // the archive guard refuses two tables (issue 38): keep neither
	}
	return scans, listErr
}

// partScans is what the guard's pass collects on the way.
type partScans struct {
	sheets        map[string]*sheetScan // by part name
	sharedStrings *sstScan              // nil when the package has none at sharedStringsPart
	// The parts' names, as the entries spell them.
	stylesName, sharedStringsName string
	// utf16 are the parts stored in UTF-16, which the pass read
	// transcoded: only its scans of them hold, a later pass over the
	// part's bytes (scanSheet's) does not (see writer.release).
	utf16 map[string]bool
}

// xmlParts lists the archive's XML parts in archive order, up to the first
// entry that cannot be sniffed or is too large: that entry's error comes
// after those of the parts before it. Sniffing an entry is a step of stop.
func xmlParts(a *formats.Archive, stop *formats.Stopper) ([]*zip.File, error) {
	var parts []*zip.File
	for _, f := range a.Zip.File {
		if err := stop.Step(); err != nil {
			return parts, err
		}
		isXML, err := isXMLPart(f)
		if err != nil {
			return parts, err
		}
		if !isXML {
			continue
		}
		if err := checkPartSize(f); err != nil {
			return parts, err
		}
		parts = append(parts, f)
	}
	return parts, nil
}

// maxGuardLanes bounds the cores one call's guard takes: a worker runs
// several jobs at once. Each lane holds the part it checks in memory, so a
// call holds at most this many parts at once, besides its worksheets.
const maxGuardLanes = 4

// laneLimit is how many lanes a call's guard may take: one per core, up to
// maxGuardLanes. A variable so that tests can fix it whatever the machine.
var laneLimit = func() int { return min(runtime.GOMAXPROCS(0), maxGuardLanes) }

// guardLaneBytes is the XML a lane must have to be worth a goroutine: below
// it, a workbook's parts are checked in a few milliseconds on one core.
// A variable so that tests can make small workbooks take lanes.
var guardLaneBytes uint64 = 512 << 10

// guardLanes shares the parts (their indexes) among at most n lanes of
// about equal declared size, largest part first into the lightest lane,
// each lane's parts largest first (ties in archive order): a lane holds
// its largest part's XML while the scans the pass keeps are few, not
// beside nearly all of them (see checkLane).
// The lanes depend only on the declared sizes and n, so on one machine a
// call that runs to its end takes the same steps, and asks its context as
// often, every time.
func guardLanes(parts []*zip.File, n int) [][]int {
	var total uint64
	for _, f := range parts {
		total += f.UncompressedSize64
	}
	n = max(1, min(n, int(total/guardLaneBytes), len(parts)))
	order := make([]int, len(parts))
	for i := range order {
		order[i] = i
	}
	if n == 1 {
		return [][]int{order}
	}
	slices.SortStableFunc(order, func(i, j int) int {
		return cmp.Compare(parts[j].UncompressedSize64, parts[i].UncompressedSize64)
	})
	lanes := make([][]int, n)
	load := make([]uint64, n)
	for _, i := range order {
		light := 0
		for l := range lanes {
			if load[l] < load[light] {
				light = l
			}
		}
		lanes[light] = append(lanes[light], i)
		load[light] += parts[i].UncompressedSize64
	}
	return lanes
}

// keepLaneBuffer is the storage a lane keeps whatever its parts' sizes:
// reading small parts into storage of their own would only allocate more.
const keepLaneBuffer = 256 << 10

// partCheck is the outcome of checking one part.
type partCheck struct {
	scan  *sheetScan
	sst   *sstScan
	utf16 bool // the part is stored in UTF-16
	err   error
}

// checkLane checks the parts of one lane, in the lane's order, into
// checks. failed is the lowest part that failed, in any lane (see
// lowestFailure): a lane skips the parts after it and checks those before
// it, so one lane alone meets the failure a pass in archive order would.
// A stop ends the lane at once.
// A part no scan records and larger than guardStreamBytes is checked
// through a window (see checkPartStreamed); any other is read whole into
// the lane's storage.
func checkLane(a *formats.Archive, lane []int, parts []*zip.File, checks []partCheck, failed *lowestFailure, stop *formats.Stopper) {
	var buf []byte // storage reused from part to part, and by a streamed part's window
	defer func() { putLaneBuffer(buf) }()
	for _, i := range lane {
		if failed.skips(i) {
			continue
		}
		f := parts[i]
		switch {
		case streamsIn(f, buf):
			checks[i] = checkPart(f, stop, func(c *partCheck) error { return checkPartStreamed(a, f, c, &buf, stop) })
		case streamsPart(f):
			// The lane already holds storage the part fits in: read whole
			// into it, the part takes no more memory than its window
			// would, and the whole pass is about twice as fast as the
			// window's (HECVAT 4.14's calcChain and styles: 5% of its
			// extract's CPU streamed).
			checks[i] = checkPart(f, stop, func(c *partCheck) error { return checkPartInto(a, f, c, &buf, stop) })
		default:
			if need := f.UncompressedSize64; tooLargeForPart(uint64(cap(buf)), need) {
				// A lane's parts come largest first: the storage of a large
				// part is let go once the parts left are much smaller, not
				// held live beside the scans of all of them.
				putLaneBuffer(buf)
				buf = nil
			}
			if buf == nil {
				buf = takeLaneBuffer(f.UncompressedSize64)
			}
			checks[i] = checkPart(f, stop, func(c *partCheck) error { return checkPartInto(a, f, c, &buf, stop) })
		}
		if err := checks[i].err; err != nil {
			failed.fail(i)
			if errors.Is(err, formats.ErrStopped) {
				return // the call ends: no part left would be checked
			}
		}
	}
}

// streamsIn reports whether a lane whose storage is buf checks part f
// through a window: a part streamsPart picks, unless buf has room for it
// read whole (see formats.Archive.ReadFileInto), which then takes nothing
// more.
func streamsIn(f *zip.File, buf []byte) bool {
	return streamsPart(f) && uint64(cap(buf)) < f.UncompressedSize64+bytes.MinRead
}

// checkPart checks one XML part with check, which fills in what the check
// found (the scan of a worksheet or of the shared strings) and returns its
// error. A panic in a lane becomes the part's error, as guard makes it for
// a call: a panic on a goroutine of its own would end the worker.
// No scan keeps the bytes of its part once its pass is over (see
// rowScan.finish), so every part of a lane is read into the same storage,
// the largest part's.
func checkPart(f *zip.File, stop *formats.Stopper, check func(c *partCheck) error) (c partCheck) {
	defer func() {
		switch r := recover(); {
		case r == errAbandoned:
			c = partCheck{err: formats.ErrStopped}
		case r != nil:
			stop.Logger().Warn("excel: recovered from a panic in the XML guard", "part", f.Name, "panic", r)
			c = partCheck{err: formats.Errorf(formats.ErrInvalidDocument, f.Name, "the part could not be checked (%v)", r)}
		}
	}()
	c.err = check(&c)
	return c
}

// checkPartInto checks part f read whole into *buf's storage: it fills
// c's findings and keeps the storage it read into in *buf.
func checkPartInto(a *formats.Archive, f *zip.File, c *partCheck, buf *[]byte, stop *formats.Stopper) error {
	sheet, table := isWorksheetPart(f.Name), isSharedStringsPart(f.Name)
	data, err := a.ReadFileInto(f, *buf)
	if err != nil {
		return err
	}
	*buf = data
	charsetReader := charset.NewReaderLabel
	if hasUTF16BOM(data) {
		if data, err = asUTF8(f.Name, data); err != nil {
			return err
		}
		charsetReader = keepUTF16Transcoded
		c.utf16 = true
		table = false // read whole when asked (see readSharedStrings)
	}
	var rec recording
	done := func() {}
	switch {
	case sheet:
		c.scan = newSheetScan()
		rec, done = c.scan.recorder(data)
	case table:
		c.sst, rec = newSSTScan(data)
		done = c.sst.finish
	}
	if err := checkXMLWith(data, f.Name, rec, charsetReader, stop); err != nil {
		return err
	}
	done()
	if c.scan != nil {
		return c.scan.rowsError(f.Name)
	}
	return nil
}
