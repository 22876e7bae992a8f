package search

import "sync"

// Reports are often written in a template the searched repository does
// not keep: GitHub's default issue templates, which a repository offers
// when it keeps none of its own, and the ones an organization keeps for
// all its projects in a repository of their own. A report from them
// carries the same headings and placeholder sentences as one from a
// project's template; these are read as one more template, whatever is
// searched.
const commonTemplates = `**Describe the bug**
A clear and concise description of what the bug is.

**To Reproduce**
Steps to reproduce the behavior:

**Expected behavior**
A clear and concise description of what you expected to happen.

**Screenshots**
If applicable, add screenshots to help explain your problem.

**Desktop (please complete the following information):**
**Smartphone (please complete the following information):**
- OS:
- Browser:
- Version:
- Device:

**Additional context**
Add any other context about the problem here.

**Is your feature request related to a problem? Please describe.**
A clear and concise description of what the problem is. Ex. I'm always frustrated when [...]

**Describe the solution you'd like**
A clear and concise description of what you want to happen.

**Describe alternatives you've considered**
A clear and concise description of any alternative solutions or features you've considered.

Add any other context or screenshots about the feature request here.

### Steps to reproduce
### Steps to reproduce the behavior
### Reproduction steps
### Minimal reproducible example
### Expected behavior
### Expected behaviour
### Expected result
### Expected results
### Actual behavior
### Actual behaviour
### Actual result
### Actual results
### Current behavior
### Current behaviour
### What happened
### What did you expect to happen
### What did you expect to see
### What did you see instead
### Environment
### Versions
### Version information
### Additional context
### Additional information
### Screenshots
### Logs
### Relevant log output
### Summary
### Bug description
### Problem description
### Motivation
### Proposed solution
### Alternatives considered
- Operating system:
- OS version:
- Python version:
- Node version:
- Go version:
- Rust version:
- Browser version:
`

// commonTemplate is commonTemplates read as a template, once.
var commonTemplate = sync.OnceValue(func() *template {
	t := newTemplate()
	t.add(commonTemplates, false)
	return t
})
