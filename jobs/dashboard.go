package jobs

import (
	"encoding/json"
	"fmt"
)

// DashboardPayload is what the job dashboard (asynqmon) shows of a task's
// payload: SummarizePayload's summary, never the answers or the document,
// as anyone who may see the dashboard may not see every principal's
// answers.
func DashboardPayload(taskType string, payload []byte) string {
	if taskType == NotifyTaskType {
		var d Delivery
		if json.Unmarshal(payload, &d) == nil {
			return fmt.Sprintf(`{"event":%q,"job_id":%q}`, d.Event, d.JobID)
		}
	}
	b, _ := json.Marshal(SummarizePayload(payload))
	return string(b)
}

// DashboardResult is what the dashboard shows of a task's result: its
// size only, as a result holds the document's extracted content.
func DashboardResult(_ string, result []byte) string {
	return fmt.Sprintf("(%d bytes: read it with formfill result or get_job)", len(result))
}
