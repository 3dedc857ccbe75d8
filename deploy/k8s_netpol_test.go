package deploy

import (
	"fmt"
	"slices"

	appsv1 "k8s.io/api/apps/v1"
	corev1 "k8s.io/api/core/v1"
	networkingv1 "k8s.io/api/networking/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
)

// kedaNamespace and kedaOperator are where KEDA's Helm chart runs the
// operator whose scalers read the queue lengths.
var (
	kedaNamespace = map[string]string{"kubernetes.io/metadata.name": "keda"}
	kedaOperator  = map[string]string{"app.kubernetes.io/name": "keda-operator"}
)

// client is a source that must reach the Redis pods: pods of this
// namespace with labels pod, or with namespace set, pods of the namespace
// labelled so.
type client struct {
	what      string
	pod       map[string]string
	namespace map[string]string
}

// checkRedisIngress checks the NetworkPolicy named as sts: it selects the
// StatefulSet's pods, limits their ingress, lets the pods reach every port
// of each other, lets the worker and MCP pods, every Job's pods and KEDA's
// operator reach clientPorts, and opens no port to every source.
func checkRedisIngress(m *manifests, sts *appsv1.StatefulSet, clientPorts ...string) []error {
	np := m.netpols[sts.Name]
	if np == nil {
		return []error{fmt.Errorf("no NetworkPolicy %s: any pod could reach Redis", sts.Name)}
	}
	pod := sts.Spec.Template.Labels
	var errs []error
	if !selects(&np.Spec.PodSelector, pod) || len(np.Spec.PodSelector.MatchLabels) == 0 {
		errs = append(errs, fmt.Errorf("NetworkPolicy %s selects %v, not the Redis pods %v", np.Name, np.Spec.PodSelector.MatchLabels, pod))
	}
	if !slices.Contains(np.Spec.PolicyTypes, networkingv1.PolicyTypeIngress) {
		errs = append(errs, fmt.Errorf("NetworkPolicy %s does not limit ingress (policyTypes %v)", np.Name, np.Spec.PolicyTypes))
	}
	self := client{what: "the Redis pods", pod: pod}
	clients := []client{{what: "KEDA's operator", pod: kedaOperator, namespace: kedaNamespace}}
	for _, d := range []string{"formfill-worker", "formfill-mcp"} {
		if dep := m.deployments[d]; dep != nil {
			clients = append(clients, client{what: d, pod: dep.Spec.Template.Labels})
		}
	}
	for name, j := range m.jobs {
		clients = append(clients, client{what: "Job " + name, pod: j.Spec.Template.Labels})
	}
	for _, c := range sts.Spec.Template.Spec.Containers {
		for _, p := range c.Ports {
			need := []client{self}
			if slices.Contains(clientPorts, p.Name) {
				need = append(need, clients...)
			}
			for _, cl := range need {
				if !admits(np, cl, p) {
					errs = append(errs, fmt.Errorf("NetworkPolicy %s: %s cannot reach port %s (%d)", np.Name, cl.what, p.Name, p.ContainerPort))
				}
			}
		}
	}
	for i, r := range np.Spec.Ingress {
		if len(r.From) == 0 {
			errs = append(errs, fmt.Errorf("NetworkPolicy %s: ingress rule %d admits every source", np.Name, i+1))
		}
	}
	return errs
}

// admits reports whether a rule of np lets cl reach container port p.
func admits(np *networkingv1.NetworkPolicy, cl client, p corev1.ContainerPort) bool {
	for _, r := range np.Spec.Ingress {
		if !slices.ContainsFunc(r.Ports, func(rp networkingv1.NetworkPolicyPort) bool { return portMatches(rp, p) }) {
			continue
		}
		for _, peer := range r.From {
			sameNS := peer.NamespaceSelector == nil && cl.namespace == nil
			otherNS := peer.NamespaceSelector != nil && cl.namespace != nil && selects(peer.NamespaceSelector, cl.namespace)
			if (sameNS || otherNS) && (peer.PodSelector == nil || selects(peer.PodSelector, cl.pod)) {
				return true
			}
		}
	}
	return false
}

// portMatches reports whether a policy port names container port p, by
// name or number, on TCP.
func portMatches(rp networkingv1.NetworkPolicyPort, p corev1.ContainerPort) bool {
	if rp.Protocol != nil && *rp.Protocol != corev1.ProtocolTCP {
		return false
	}
	if rp.Port == nil {
		return true
	}
	return rp.Port.String() == p.Name || rp.Port.IntValue() == int(p.ContainerPort)
}

// selects reports whether sel, a matchLabels selector, selects labels.
// matchExpressions are not used in the manifests and select nothing here.
func selects(sel *metav1.LabelSelector, labels map[string]string) bool {
	if len(sel.MatchExpressions) > 0 {
		return false
	}
	for k, v := range sel.MatchLabels {
		if labels[k] != v {
			return false
		}
	}
	return true
}
