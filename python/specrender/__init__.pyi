"""Type stubs for specrender (the engine is the compiled module specrender._specrender)."""

import os
from typing import Any, Dict, List, Literal, Optional, Sequence, Union

Spec = Union[Dict[str, Any], str, bytes, "os.PathLike[str]"]
StrPath = Union[str, "os.PathLike[str]"]
FontDirs = Union[StrPath, Sequence[StrPath]]
Template = Union[StrPath, bytes]
Autofit = Literal["shrink", "none"]
Citations = Literal["footnotes", "list"]

__version__: str
ENGINE_VERSION: str
DEFAULT_PREVIEW_WIDTH: int

class SpecrenderError(Exception):
    """Base of every error specrender raises."""

    exit_code: int

class SpecError(SpecrenderError):
    """Invalid input (exit code 2). ``errors``: dicts with ``path`` (JSON Pointer), ``code``,
    ``message`` (and ``line``/``column`` for malformed JSON); ``validation``: the whole
    ``validate`` result."""

    errors: List[Dict[str, Any]]
    warnings: List[Dict[str, Any]]
    validation: Optional[Dict[str, Any]]

class TemplateError(SpecrenderError):
    """The template is not a usable .pptx/.potx (decks) or .docx/.dotx (documents), or is of
    the other kind than the input (exit code 2)."""

class EnvError(SpecrenderError):
    """Fonts, files or folders (exit code 3)."""

class InternalError(SpecrenderError):
    """A bug in specrender, including a caught panic (exit code 4)."""

class Rendered:
    """The result of ``render`` / ``qc``."""

    @property
    def data(self) -> Optional[bytes]:
        """The PPTX or DOCX bytes; ``None`` from ``qc``."""
    @property
    def pdf(self) -> Optional[bytes]:
        """The PDF (deck or document) with ``render(..., pdf=True)``; else ``None``."""
    @property
    def format(self) -> Literal["pptx", "docx"]: ...
    @property
    def qc(self) -> Dict[str, Any]:
        """The QC report (the JSON the CLI writes)."""
    @property
    def qc_json(self) -> str: ...
    @property
    def layout(self) -> Optional[Dict[str, Any]]:
        """Every placed box (the CLI's ``--layout`` JSON); ``None`` with ``layout=False``."""
    @property
    def layout_json(self) -> Optional[str]: ...
    @property
    def exit_code(self) -> int:
        """The CLI's exit code: 0 QC passed, 1 high or medium issues."""
    @property
    def passed(self) -> bool: ...

class Previews:
    """The result of ``preview``: one PNG per output slide."""

    @property
    def images(self) -> List[bytes]: ...
    @property
    def names(self) -> List[str]:
        """``NNN-<slide_id>.png``, as the CLI names the files."""
    @property
    def slide_ids(self) -> List[str]: ...
    @property
    def sheet(self) -> Optional[bytes]:
        """The contact sheet's PNG (``preview(..., sheet=True)``), else ``None``."""
    @property
    def qc(self) -> Dict[str, Any]: ...
    @property
    def qc_json(self) -> str: ...
    @property
    def exit_code(self) -> int: ...
    @property
    def passed(self) -> bool: ...
    def __len__(self) -> int: ...

class Engine:
    """Loaded fonts and parsed templates, shared by every call and thread."""

    def __init__(
        self,
        *,
        fonts: Optional[FontDirs] = None,
        system_fonts: bool = False,
        templates: Optional[StrPath] = None,
    ) -> None: ...
    def render(
        self,
        spec: Spec,
        *,
        assets: Optional[StrPath] = None,
        template: Optional[Template] = None,
        autofit: Autofit = "shrink",
        slide_numbers: bool = True,
        threads: int = 0,
        citations: Citations = "footnotes",
        extract_json: bool = False,
        max_bytes: Optional[int] = None,
        layout: bool = True,
        pdf: bool = False,
        embed_fonts: Literal["none", "used", "all"] = "none",
    ) -> Rendered: ...
    def qc(
        self,
        spec: Spec,
        *,
        assets: Optional[StrPath] = None,
        template: Optional[Template] = None,
        slide_numbers: bool = True,
        threads: int = 0,
        citations: Citations = "footnotes",
        extract_json: bool = False,
        max_bytes: Optional[int] = None,
        layout: bool = True,
    ) -> Rendered: ...
    def preview(
        self,
        spec: Spec,
        *,
        width: int = ...,
        highlight: bool = False,
        sheet: bool = False,
        assets: Optional[StrPath] = None,
        template: Optional[Template] = None,
        slide_numbers: bool = True,
        threads: int = 0,
        extract_json: bool = False,
        max_bytes: Optional[int] = None,
    ) -> Previews: ...
    def validate(
        self, spec: Spec, *, extract_json: bool = False, max_bytes: Optional[int] = None
    ) -> Dict[str, Any]: ...

def render(
    spec: Spec,
    *,
    assets: Optional[StrPath] = None,
    template: Optional[Template] = None,
    fonts: Optional[FontDirs] = None,
    autofit: Autofit = "shrink",
    slide_numbers: bool = True,
    threads: int = 0,
    citations: Citations = "footnotes",
    extract_json: bool = False,
    max_bytes: Optional[int] = None,
    layout: bool = True,
    pdf: bool = False,
    embed_fonts: Literal["none", "used", "all"] = "none",
) -> Rendered:
    """Render ``spec`` to PPTX (SlideSpec) or DOCX (DocSpec); with ``pdf=True`` also
    its PDF, drawn from the same layout (``Rendered.pdf``); ``embed_fonts="used"`` embeds the
    faces the file uses, subset (``"all"``: whole)."""

def qc(
    spec: Spec,
    *,
    assets: Optional[StrPath] = None,
    template: Optional[Template] = None,
    fonts: Optional[FontDirs] = None,
    slide_numbers: bool = True,
    threads: int = 0,
    citations: Citations = "footnotes",
    extract_json: bool = False,
    max_bytes: Optional[int] = None,
    layout: bool = True,
) -> Rendered:
    """Lay out and check ``spec`` without writing a file (no ``autofit``: it only changes the
    PPTX ``render`` writes)."""

def preview(
    spec: Spec,
    *,
    width: int = ...,
    highlight: bool = False,
    sheet: bool = False,
    assets: Optional[StrPath] = None,
    template: Optional[Template] = None,
    fonts: Optional[FontDirs] = None,
    slide_numbers: bool = True,
    threads: int = 0,
    extract_json: bool = False,
    max_bytes: Optional[int] = None,
) -> Previews:
    """One PNG per output slide (and the contact sheet with ``sheet=True``)."""

def validate(
    spec: Spec, *, extract_json: bool = False, max_bytes: Optional[int] = None
) -> Dict[str, Any]:
    """The CLI's ``validate`` JSON as a dict."""
