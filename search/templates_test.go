package search

import (
	"strings"
	"testing"
)

const prTemplate = `<!--
BEFORE CONTRIBUTING PLEASE READ OUR GUIDELINES
-->

## Describe your changes

## GitHub Issue Link (if applicable)

## Testing Plan

- Explanation of why no additional tests are needed
- E2E Tests

**Contribution License Agreement**

By submitting this pull request you agree that all contributions to this project are made under the Apache 2.0 license.

**Environment**

- Widgets version: <!-- e.g. [1.29] -->
- OS and Python version:

**What happened:**`

const issueForm = `name: Bug report
body:
  - type: textarea
    attributes:
      label: Steps to reproduce
      placeholder: |
        ` + "```python" + `
        import widgets
        ` + "```" + `
  - type: textarea
    attributes:
      label: Expected behavior`

// templateOf reads a Markdown template and an issue form.
func templateOf(markdown, form string) *template {
	t := newTemplate()
	t.add(markdown, false)
	t.add(form, true)
	return t
}

func TestTemplateLeavesTheReportersWords(t *testing.T) {
	report := `Fix multiselect with an empty set

## Describe your changes

An empty set of options crashes the multiselect widget.
Note: a set with one option works.

### Steps to reproduce

` + "```python" + `
import widgets
widgets.multiselect(set())
    ~~~~~~~~~~~~~~~~~~~^^^^^^^
` + "```" + `

## Testing Plan

- E2E Tests

---

**Contribution License Agreement**

By submitting this pull request you agree that all contributions to this
project are made under the Apache 2.0 license.

**Environment**

- Widgets version: 1.29.0
- OS and Python version: Linux/Python 3.11.7

**What happened:** the widget drops empty sets`
	got := templateOf(prTemplate, issueForm).strip(report)
	for _, gone := range []string{"Describe your changes", "Testing Plan", "E2E Tests", "Steps to reproduce",
		"License Agreement", "By submitting", "Apache 2.0", "Environment", "1.29.0", "Linux/Python", "What happened"} {
		if strings.Contains(got, gone) {
			t.Errorf("strip kept the template's %q:\n%s", gone, got)
		}
	}
	for _, kept := range []string{"Fix multiselect with an empty set", "An empty set of options crashes", "Note: a set with one option works.",
		"the widget drops empty sets",
		"```python\nimport widgets\nwidgets.multiselect(set())\n    ~~~~~~~~~~~~~~~~~~~^^^^^^^\n```", "---"} {
		if !strings.Contains(got, kept) {
			t.Errorf("strip dropped the report's %q:\n%s", kept, got)
		}
	}
}

func TestTemplateKeepsTextItDoesNotHold(t *testing.T) {
	tpl := templateOf(prTemplate, issueForm)
	for _, text := range []string{
		"how are files chunked",
		"## Testing Plan\n\n**Contribution License Agreement**", // nothing else: the whole text stays
		"Describe your changes to the cache in the log\nso that a reviewer sees them",
		"The plan: all contributions to this project are made under review.", // one run, most words its own
		"Attributes: set on a widget are lost\ntype: int after a rerun",      // an issue form's keys are no fields
	} {
		if got := tpl.strip(text); got != text {
			t.Errorf("strip(%q) = %q, want it unchanged", text, got)
		}
	}
	var none *template
	if got := none.strip(prTemplate); got != prTemplate {
		t.Errorf("a project without templates changed the text: %q", got)
	}
}

func TestTemplatePaths(t *testing.T) {
	for p, want := range map[string]bool{
		".github/ISSUE_TEMPLATE/bug_report.yml":           true,
		".github/ISSUE_TEMPLATE/config.yml":               false,
		".github/pull_request_template.md":                true,
		".github/PULL_REQUEST_TEMPLATE/feature.md":        true,
		"PULL_REQUEST_TEMPLATE.md":                        true,
		"docs/issue_template.md":                          true,
		".gitlab/issue_templates/Bug.md":                  true,
		".gitlab/merge_request_templates/Default.md":      true,
		"templates/issue.html":                            false,
		"lib/streamlit/elements/pull_request_template.py": false,
	} {
		if got := isTemplatePath(p); got != want {
			t.Errorf("isTemplatePath(%q) = %v, want %v", p, got, want)
		}
	}
}

// No report, however it is made, panics the template reading or comes
// back empty when it was not.
func FuzzTemplateStrip(f *testing.F) {
	f.Add("## Testing Plan\n\n```\ncode\n~~~~^^^^\n\n- Widgets version: 1\n**What happened:**")
	f.Add("```\n```\n\n\n```python")
	f.Add("By submitting this pull request you agree\r\nthat all contributions:\r\n~~~\n")
	f.Add(`{"title": "Crash", "body": "on \"super\"\n\nhere"}`)
	f.Add("title:\tCrash\nstate:\tOPEN\n--\n")
	f.Add(`Crash\n\nFind the code:\n\nnumpy: 1.2.3`)
	f.Add("Find the code to change:\nnumpy: 1.2\nscipy: 1.3\npandas: 2.0\nOS: Linux")
	f.Add("<issue>\n{\"title\": \"x\"}\n</issue>\nCan you help?")
	f.Add("<pr_description>\n> \n</pr_description>\n<issue>\n\\n\\n\n</issue>")
	f.Add("Crash #12\nOpen\nAssignees\nLabels\nMilestone\n3 participants\nWhich files need to change to fix this?")
	tpl := templateOf(prTemplate, issueForm)
	f.Fuzz(func(t *testing.T, report string) {
		got := ReportText(nil, tpl.strip(report))
		if strings.TrimSpace(report) != "" && strings.TrimSpace(got) == "" {
			t.Errorf("strip(%q) = %q: a text became empty", report, got)
		}
	})
}

// A report in GitHub's default template, which the searched repository
// does not keep, is read without its headings and placeholders.
func TestCommonTemplateLeavesTheReportersWords(t *testing.T) {
	report := "Multiselect crashes on empty sets\n\n**Describe the bug**\n" +
		"A clear and concise description of what the bug is.\n\n" +
		"Passing an empty set as the options raises a TypeError inside the widget.\n\n" +
		"**Expected behavior**\nA clear and concise description of what you expected to happen.\n\n" +
		"### Actual behaviour\n\nThe serializer fails.\n\n- OS: Windows 11\n- Browser: Firefox\n"
	got := ReportText(nil, report)
	for _, gone := range []string{"clear and concise", "Describe the bug", "Expected behavior", "Actual behaviour", "Windows", "Firefox"} {
		if strings.Contains(got, gone) {
			t.Errorf("kept %q:\n%s", gone, got)
		}
	}
	for _, kept := range []string{"Multiselect crashes on empty sets", "raises a TypeError", "The serializer fails."} {
		if !strings.Contains(got, kept) {
			t.Errorf("dropped %q:\n%s", kept, got)
		}
	}
}
