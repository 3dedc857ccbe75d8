package pdf

import (
	"strconv"
	"strings"

	"github.com/pdfcpu/pdfcpu/pkg/pdfcpu/model"
	"github.com/pdfcpu/pdfcpu/pkg/pdfcpu/types"
)

// defaultAppearance is what a field's /DA string says about its text:
// the /DR font resource, the size (0: fit the box) and the fill colour
// operator.
type defaultAppearance struct {
	font  string
	size  float64
	color string    // e.g. "0 0 0.502 rg"; "0 g" when the DA has none
	rgb   []float64 // the colour's operands (1 gray, 3 RGB or 4 CMYK)
}

// parseDA reads a /DA string: the last Tf and the last colour operator
// win, as in a content stream. Anything else in it is ignored.
func parseDA(s string) defaultAppearance {
	da := defaultAppearance{color: "0 g", rgb: []float64{0}}
	scanOps([]byte(s), 1000, func(op string, args []token) bool {
		switch op {
		case "Tf":
			if n := len(args); n >= 2 && args[n-2].kind == tokName && args[n-1].kind == tokNumber {
				da.font, da.size = string(args[n-2].str), max(0, args[n-1].num)
			}
		case "g", "rg", "k":
			want := map[string]int{"g": 1, "rg": 3, "k": 4}[op]
			if v, ok := nums(args, want); ok {
				da.color, da.rgb = colorOp(v, op), v
			}
		}
		return true
	})
	return da
}

// colorOp writes a colour operator with its operands.
func colorOp(v []float64, op string) string {
	parts := make([]string, 0, len(v)+1)
	for _, x := range v {
		parts = append(parts, num(x))
	}
	return strings.Join(append(parts, op), " ")
}

// num formats a number for a content stream: at most three decimals, no
// exponent.
func num(x float64) string {
	s := strconv.FormatFloat(x, 'f', 3, 64)
	s = strings.TrimRight(strings.TrimRight(s, "0"), ".")
	if s == "-0" || s == "" {
		return "0"
	}
	return s
}

// widgetBox is the geometry and decoration of a widget's appearance.
type widgetBox struct {
	w, h   float64 // the appearance's box, after rotation
	rotate int     // /MK /R: 0, 90, 180 or 270
	bg, bc []float64
	border float64 // border width; 0 when none is drawn
	style  string  // /BS /S: S, D, B, I or U
}

func readWidgetBox(ctx *model.Context, wd *widget) widgetBox {
	b := widgetBox{w: wd.rect[2] - wd.rect[0], h: wd.rect[3] - wd.rect[1], style: "S"}
	mk := dictOf(ctx, entry(ctx, wd.dict, "MK"))
	if r, ok := intOf(ctx, entry(ctx, mk, "R")); ok {
		b.rotate = ((r%360)+360)%360 - ((r%360)+360)%90
	}
	if b.rotate == 90 || b.rotate == 270 {
		b.w, b.h = b.h, b.w
	}
	b.bg, b.bc = colorOf(ctx, entry(ctx, mk, "BG")), colorOf(ctx, entry(ctx, mk, "BC"))
	bs := dictOf(ctx, entry(ctx, wd.dict, "BS"))
	b.border = 1
	if w := entry(ctx, bs, "W"); w != nil {
		b.border = numberOf(w)
	} else if arr := arrayOf(ctx, entry(ctx, wd.dict, "Border")); len(arr) >= 3 {
		o, _ := ctx.Dereference(arr[2])
		b.border = numberOf(o)
	}
	if s := textOf(ctx, entry(ctx, bs, "S")); s != "" {
		b.style = s
	}
	if b.bc == nil {
		b.border = 0
	}
	b.border = min(max(b.border, 0), min(b.w, b.h)/4)
	return b
}

func colorOf(ctx *model.Context, o types.Object) []float64 {
	arr := arrayOf(ctx, o)
	if len(arr) != 1 && len(arr) != 3 && len(arr) != 4 {
		return nil
	}
	out := make([]float64, len(arr))
	for i, x := range arr {
		x, _ = ctx.Dereference(x)
		out[i] = min(max(numberOf(x), 0), 1)
	}
	return out
}

// fillColor and strokeColor write a /MK colour as an operator.
func fillColor(c []float64) string {
	return colorOp(c, map[int]string{1: "g", 3: "rg", 4: "k"}[len(c)])
}
func strokeColor(c []float64) string {
	return colorOp(c, map[int]string{1: "G", 3: "RG", 4: "K"}[len(c)])
}

// matrix is the appearance's /Matrix for the widget's rotation.
func (b widgetBox) matrix() types.Array {
	m := map[int][4]float64{90: {0, 1, -1, 0}, 180: {-1, 0, 0, -1}, 270: {0, -1, 1, 0}}[b.rotate]
	return types.Array{types.Float(m[0]), types.Float(m[1]), types.Float(m[2]), types.Float(m[3]), types.Integer(0), types.Integer(0)}
}
