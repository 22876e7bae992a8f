package tools

import (
	"context"
	"testing"
)

// A pull request pasted from a project with a template repeats the
// template's headings and licence sentence; their words are the
// release script's, which checks them, and must not outweigh the
// reporter's.
func TestReportReadWithoutTheProjectsTemplate(t *testing.T) {
	files := map[string]string{
		".github/pull_request_template.md": "## Describe your changes\n\n## GitHub Issue Link (if applicable)\n\n## Testing Plan\n\n- E2E Tests\n\n**Contribution License Agreement**\n\nBy submitting this pull request you agree that all contributions to this project are made under the Apache 2.0 license.\n",
		"scripts/check_pr.py": "def check_pull_request(body):\n" +
			"    \"\"\"Check that a pull request describes its changes, links its GitHub issue, has a testing plan\n" +
			"    with E2E tests, and agrees to the contribution license agreement (Apache 2.0 license).\"\"\"\n" +
			"    return all(part in body for part in (\"changes\", \"issue\", \"testing plan\", \"license\"))\n",
		"lib/widgets/multiselect.py": "def multiselect(options, default=None):\n" +
			"    \"\"\"Let the user pick several of the options, none at first.\"\"\"\n" +
			"    return [o for o in options if o in (default or ())]\n",
	}
	svc := newTestService(t)
	rep, err := svc.IndexRepository(context.Background(), IndexParams{RepoPath: gitRepo(t, files)})
	if err != nil {
		t.Fatal(err)
	}
	report := "Fix multiselect with empty options\n\n## Describe your changes\n\nAn empty set of options crashes.\n\n" +
		"## GitHub Issue Link (if applicable)\n\n## Testing Plan\n\n- E2E Tests\n\n---\n\n**Contribution License Agreement**\n\n" +
		"By submitting this pull request you agree that all contributions to this\nproject are made under the Apache 2.0 license.\n"
	resp, err := svc.Search(context.Background(), SearchParams{Query: report, RepositoryID: rep.RepositoryID, Limit: 5})
	if err != nil {
		t.Fatal(err)
	}
	if len(resp.Results) == 0 || resp.Results[0].FilePath != "lib/widgets/multiselect.py" {
		var got []string
		for _, r := range resp.Results {
			got = append(got, r.FilePath)
		}
		t.Fatalf("results %v, want lib/widgets/multiselect.py first", got)
	}
}
