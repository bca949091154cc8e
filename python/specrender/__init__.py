"""specrender: SlideSpec / DocSpec JSON to a fitted, editable PPTX or DOCX plus a QC report.

The engine is the same Rust code as the ``specrender`` command line (compiled into this
package, with its fonts), and the same input and options give the same bytes::

    import specrender
    out = specrender.render({"spec_version": "1.0", ...})
    open("deck." + out.format, "wb").write(out.data)
    print(out.qc["pass"], out.exit_code)

``render``, ``qc``, ``preview`` and ``validate`` use one shared :class:`Engine` per font
configuration; make your own ``Engine()`` to choose fonts and a templates folder once and
share it between threads (the GIL is released while a job runs).

Errors: every exception is a :class:`SpecrenderError` with ``exit_code`` (the CLI's):
:class:`SpecError` (invalid input, 2; ``errors`` with JSON Pointers), :class:`TemplateError`
(an unusable template, 2), :class:`EnvError` (fonts, files, folders, 3) and
:class:`InternalError` (a bug, including a caught panic, 4).
"""

from ._specrender import (
    DEFAULT_PREVIEW_WIDTH,
    ENGINE_VERSION,
    Engine,
    EnvError,
    InternalError,
    Previews,
    Rendered,
    SpecError,
    SpecrenderError,
    TemplateError,
    preview,
    qc,
    render,
    validate,
)

# The CLI's exit code for each class (instances carry it too).
SpecrenderError.exit_code = 4
SpecError.exit_code = 2
TemplateError.exit_code = 2
EnvError.exit_code = 3
InternalError.exit_code = 4
# Filled on each raised SpecError; empty defaults for the class.
SpecError.errors = []
SpecError.warnings = []
SpecError.validation = None

__version__ = ENGINE_VERSION

__all__ = [
    "DEFAULT_PREVIEW_WIDTH",
    "Engine",
    "EnvError",
    "InternalError",
    "Previews",
    "Rendered",
    "SpecError",
    "SpecrenderError",
    "TemplateError",
    "preview",
    "qc",
    "render",
    "validate",
    "__version__",
]
