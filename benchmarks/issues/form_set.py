#!/usr/bin/env python3
"""Write a crash set's reports the way GitHub asks for them: in the
project's own issue template, filled in as a user fills it.

crash_set.py writes a report as a title, the code and the traceback. A
user who opens an issue starts from the project's template instead
(mypy's .github/ISSUE_TEMPLATE/crash.md, black's bug_report.md): its
headings and its instructions in HTML comments stay, the placeholders are
replaced by the report, and the environment section is answered (the
version at the base, the flags, Python's version, the OS). The queries'
code, traceback and answers are the crash set's; only their wrapping
differs, so the two sets measure what a template costs.

    python3 benchmarks/issues/form_set.py mypy < benchmarks/testdata/issues-crash.json \\
        > benchmarks/testdata/issues-crash-form.json
    python3 benchmarks/issues/form_set.py black < benchmarks/testdata/issues-crash-black.json \\
        > benchmarks/testdata/issues-crash-black-form.json
"""
import json, re, sys

PLAIN = re.compile(r"(?s)^(?P<title>[^\n]*)\n\n\*\*To Reproduce\*\*\n\n```python\n(?P<code>.*)\n```\n\n"
                   r"\*\*Traceback\*\*\n\n```\n(?P<tb>.*)\n```$")

# The templates as the projects' repositories hold them at the sets' bases,
# with the places a user fills in.
MYPY = """**Crash Report**

{title}

**Traceback**

```
{tb}
```

**To Reproduce**

```python
{code}
```

**Your Environment**

<!-- Include as many relevant details about the environment you experienced the bug in -->

- Mypy version used: 1.11.0
- Mypy command-line flags: --show-traceback
- Mypy configuration options from `mypy.ini` (and other config files): none
- Python version used: 3.11.7
- Operating system and version: Debian 12.11

<!--
You can freely edit this text, please remove all the lines
you believe are unnecessary.
-->"""

BLACK = """<!--
Please make sure that the bug is not already fixed either in newer versions or the
current development version. To confirm this, you have three options:

1. Update Black's version if a newer release exists: `pip install -U black`
2. Use the online formatter at <https://black.vercel.app/?version=main>, which will use
   the latest main branch.
3. Or run _Black_ on your machine:
   - create a new virtualenv (make sure it's the same Python version);
   - clone this repository;
   - run `pip install -e .[d]`;
   - run `pip install -r test_requirements.txt`
   - make sure it's sane by running `python -m pytest`; and
   - run `black` like you did last time.
-->

**Describe the bug**

{title}

**To Reproduce**

For example, take this code:

```python
{code}
```

And run it with these arguments:

```sh
$ black file.py --verbose --check
```

The resulting error is:

```
{tb}
```

**Expected behavior**

<!-- A clear and concise description of what you expected to happen. -->

The file is formatted.

**Environment**

<!-- Please complete the following information: -->

- Black's version: 22.12.0
- OS and Python version: Linux/Python 3.11.7

**Additional context**

<!-- Add any other context about the problem here. -->"""

FORMS = {"mypy": MYPY, "black": BLACK}


def main():
    form = FORMS[sys.argv[1]]
    s = json.load(sys.stdin)
    for p in s["projects"]:
        for q in p["queries"]:
            m = PLAIN.match(q["text"])
            if not m:
                sys.exit(f"{q['commit']}: not a crash_set.py report")
            q["text"] = form.replace("{title}", m["title"]).replace("{code}", m["code"]).replace("{tb}", m["tb"])
    s["description"] = ("The crash set's reports written in the project's issue template as a user fills it "
                        "(benchmarks/issues/form_set.py): " + s["description"])
    json.dump(s, sys.stdout, indent=1, ensure_ascii=False)
    print()


if __name__ == "__main__":
    main()
