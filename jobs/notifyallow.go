package jobs

import (
	"context"
	"errors"
	"fmt"
	"net"
	"net/http"
	"net/netip"
	"net/url"
	"strings"
	"time"
)

// Where webhooks may go. A webhook URL makes workers send requests where a
// caller says, and an MCP caller is not the operator: without a policy any
// caller with a token could reach the cloud metadata service, Redis or an
// admin port inside the network (SSRF). A NotifyPolicy is the operator's
// allowlist (--notify-allow, FORMFILL_NOTIFY_ALLOW), a comma-separated list
// of:
//
//	public            any host all of whose addresses are public (the default)
//	hooks.example.com that host, whatever it resolves to
//	*.example.com     any host under example.com (not example.com itself)
//	10.1.0.0/16       addresses in that network; a bare IP is a /32 (/128)
//	*                 anything: no check (a deployment whose callers are all trusted)
//
// The MCP server and the CLI check a URL when it is given, for an error
// the caller can act on; the worker checks again at each connection, on
// the address it actually dials, so a name that resolves to a public
// address when checked and to a private one when delivered (DNS rebinding)
// is still refused, and it follows no redirect.

// EnvNotifyAllow names the variable holding the webhook allowlist.
const EnvNotifyAllow = "FORMFILL_NOTIFY_ALLOW"

// ErrNotifyRefused marks a webhook URL the allowlist refuses.
var ErrNotifyRefused = errors.New("webhook URL not allowed")

// NotifyPolicy is the allowlist of webhook destinations. The zero value,
// like ParseNotifyAllow(""), allows public addresses only.
type NotifyPolicy struct {
	spec     string
	any      bool
	explicit bool // a list was given: public only if it says so
	public   bool
	names    []string // exact host names, lower case
	suffixes []string // ".example.com" of "*.example.com"
	nets     []netip.Prefix
}

// ParseNotifyAllow parses an allowlist; "" is the default, public
// addresses only.
func ParseNotifyAllow(spec string) (*NotifyPolicy, error) {
	p := &NotifyPolicy{spec: strings.TrimSpace(spec)}
	for item := range strings.SplitSeq(p.spec, ",") {
		item = strings.ToLower(strings.TrimSpace(item))
		if item == "" {
			continue
		}
		p.explicit = true
		switch {
		case item == "*":
			p.any = true
		case item == "public":
			p.public = true
		case strings.HasPrefix(item, "*."):
			p.suffixes = append(p.suffixes, item[1:])
		case strings.Contains(item, "/"):
			pr, err := netip.ParsePrefix(item)
			if err != nil {
				return nil, fmt.Errorf("%w: %s entry %q: %w", ErrInvalidConfig, EnvNotifyAllow, item, err)
			}
			p.nets = append(p.nets, pr.Masked())
		default:
			if ip, err := netip.ParseAddr(item); err == nil {
				p.nets = append(p.nets, netip.PrefixFrom(ip.Unmap(), ip.Unmap().BitLen()))
			} else if strings.ContainsAny(item, ":*@ ") {
				return nil, fmt.Errorf("%w: %s entry %q: expected public, *, a host name, *.domain, an IP or a CIDR", ErrInvalidConfig, EnvNotifyAllow, item)
			} else {
				p.names = append(p.names, strings.TrimSuffix(item, "."))
			}
		}
	}
	return p, nil
}

// String says what the policy allows, for error messages.
func (p *NotifyPolicy) String() string {
	if p == nil || !p.explicit {
		return "public addresses only (the default)"
	}
	if p.any {
		return "any URL (*)"
	}
	return p.spec
}

func (p *NotifyPolicy) allowsAny() bool { return p != nil && p.any }

// allowsPublic: the default, or a list naming public.
func (p *NotifyPolicy) allowsPublic() bool { return p == nil || !p.explicit || p.public }

// nameAllowed reports whether host is listed by name.
func (p *NotifyPolicy) nameAllowed(host string) bool {
	if p == nil {
		return false
	}
	host = strings.TrimSuffix(strings.ToLower(host), ".")
	for _, n := range p.names {
		if host == n {
			return true
		}
	}
	for _, s := range p.suffixes {
		if strings.HasSuffix(host, s) {
			return true
		}
	}
	return false
}

// addrRefused returns why ip is not allowed, or "".
func (p *NotifyPolicy) addrRefused(ip netip.Addr) string {
	ip = ip.Unmap()
	if p != nil {
		for _, n := range p.nets {
			if n.Contains(ip) {
				return ""
			}
		}
	}
	class := addrClass(ip)
	if class == "" && p.allowsPublic() {
		return ""
	}
	if class == "" {
		class = "a public address"
	}
	return class
}

// nonPublic lists ranges that reach no public host, beyond those netip
// classifies itself: CGNAT, "this network", benchmarking, reserved,
// NAT64 (which can reach private IPv4 through a translator) and
// documentation ranges.
var nonPublic = []netip.Prefix{
	netip.MustParsePrefix("0.0.0.0/8"), netip.MustParsePrefix("100.64.0.0/10"),
	netip.MustParsePrefix("192.0.0.0/24"), netip.MustParsePrefix("192.0.2.0/24"),
	netip.MustParsePrefix("198.18.0.0/15"), netip.MustParsePrefix("198.51.100.0/24"),
	netip.MustParsePrefix("203.0.113.0/24"), netip.MustParsePrefix("240.0.0.0/4"),
	netip.MustParsePrefix("64:ff9b::/96"), netip.MustParsePrefix("64:ff9b:1::/48"),
	netip.MustParsePrefix("2001:db8::/32"), netip.MustParsePrefix("100::/64"),
}

// addrClass names the kind of a non-public address, or "" for a public one.
func addrClass(ip netip.Addr) string {
	switch {
	case ip.IsLoopback():
		return "a loopback address"
	case ip.IsUnspecified():
		return "an unspecified address"
	case ip.IsPrivate():
		return "a private address"
	case ip.IsLinkLocalUnicast():
		return "a link-local address (cloud metadata services live there)"
	case ip.IsMulticast():
		return "a multicast address"
	}
	for _, n := range nonPublic {
		if n.Contains(ip) {
			return "a reserved, non-public address"
		}
	}
	return ""
}

// resolveTimeout bounds the name lookup of a check.
const resolveTimeout = 5 * time.Second

// lookup resolves host to its addresses; an IP literal is itself.
func lookup(ctx context.Context, host string) ([]netip.Addr, error) {
	if ip, err := netip.ParseAddr(host); err == nil {
		return []netip.Addr{ip}, nil
	}
	ctx, cancel := context.WithTimeout(ctx, resolveTimeout)
	defer cancel()
	return net.DefaultResolver.LookupNetIP(ctx, "ip", host)
}

// Check refuses a webhook URL that is not absolute http(s), or whose host
// the policy does not allow: every address the name resolves to must be.
// The error names the URL and what is allowed.
func (p *NotifyPolicy) Check(ctx context.Context, raw string) error {
	if err := CheckNotifyURL(raw); err != nil {
		return err
	}
	if p.allowsAny() {
		return nil
	}
	u, _ := url.Parse(raw)
	host := u.Hostname()
	if p.nameAllowed(host) {
		return nil
	}
	ips, err := lookup(ctx, host)
	if err != nil {
		return fmt.Errorf("%w: %q: host %s does not resolve (%w); allowed: %s", ErrNotifyRefused, raw, host, err, p)
	}
	return p.checkAddrs(raw, host, ips)
}

func (p *NotifyPolicy) checkAddrs(raw, host string, ips []netip.Addr) error {
	for _, ip := range ips {
		if why := p.addrRefused(ip); why != "" {
			at := host
			if at != ip.String() {
				at = fmt.Sprintf("%s (%s)", host, ip)
			}
			return fmt.Errorf("%w: %q: %s is %s; allowed: %s; the operator can allow it with --notify-allow or %s",
				ErrNotifyRefused, raw, at, why, p, EnvNotifyAllow)
		}
	}
	return nil
}

// HTTPClient returns the client that makes deliveries under the policy:
// it checks the address of every connection it opens, follows no
// redirect (a receiver could redirect to an address the policy refuses),
// and, unless the policy allows anything, goes through no proxy (the
// proxy's address, not the receiver's, would be checked).
func (p *NotifyPolicy) HTTPClient(timeout time.Duration) *http.Client {
	noRedirect := func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }
	if p.allowsAny() {
		return &http.Client{Timeout: timeout, CheckRedirect: noRedirect}
	}
	tr := http.DefaultTransport.(*http.Transport).Clone()
	tr.Proxy = nil
	tr.DialContext = p.dialContext(&net.Dialer{Timeout: timeout, KeepAlive: 30 * time.Second})
	return &http.Client{Timeout: timeout, CheckRedirect: noRedirect, Transport: tr}
}

// dialContext dials only addresses the policy allows: a host allowed by
// name is dialed as is; any other is resolved here and every address
// checked before one is dialed, so what is checked is what is reached.
func (p *NotifyPolicy) dialContext(d *net.Dialer) func(ctx context.Context, network, addr string) (net.Conn, error) {
	return func(ctx context.Context, network, addr string) (net.Conn, error) {
		host, port, err := net.SplitHostPort(addr)
		if err != nil {
			return nil, err
		}
		if p.nameAllowed(host) {
			return d.DialContext(ctx, network, addr)
		}
		ips, err := lookup(ctx, host)
		if err != nil {
			return nil, err
		}
		if err := p.checkAddrs(addr, host, ips); err != nil {
			return nil, err
		}
		var errs []error
		for _, ip := range ips {
			c, err := d.DialContext(ctx, network, net.JoinHostPort(ip.String(), port))
			if err == nil {
				return c, nil
			}
			errs = append(errs, err)
		}
		return nil, errors.Join(errs...)
	}
}
