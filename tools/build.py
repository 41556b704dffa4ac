"""Build the static site into dist/: the app, the vendored runtime, the core and the service worker.

Run by ``make build`` (and so by ``make serve`` and ``make test``). Every URL in the output is
relative, so dist/ works copied to any static host or served from any sub-path.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import shutil
import struct
import subprocess
import sys
import zipfile
import zlib
from pathlib import Path

import zip_stamped  # beside this file (the build's zip entries, as tools/pyc.mjs's)

ROOT = Path(__file__).resolve().parent.parent
DIST = ROOT / "dist"
WEB = ROOT / "web"
NODE = ROOT / "node_modules"
WHEELS = ROOT / "wheels"

# Same pins as pyproject.toml: one version on the host and in the page.
WHEEL_PINS = {
    "icepool==2.1.3": "icepool-2.1.3-py3-none-any.whl",
    "segno==1.6.6": "segno-1.6.6-py3-none-any.whl",  # the share link's QR code
}
# In 314.x the runtime is pyodide.asm.mjs; the lock file is fetched at start-up and required.
PYODIDE_FILES = (
    "pyodide.mjs",
    "pyodide.asm.mjs",
    "pyodide.asm.wasm",
    "python_stdlib.zip",
    "pyodide-lock.json",
)
WEB_SKIP = {"__pycache__"}


def fetch_wheel(pin: str, name: str) -> Path:
    wheel = WHEELS / name
    if not wheel.exists():
        subprocess.run(
            [
                sys.executable,
                "-m",
                "pip",
                "download",
                "--no-deps",
                "--only-binary=:all:",
                "--python-version",
                "3.14",
                "--platform",
                "any",
                "--implementation",
                "py",
                "-d",
                str(WHEELS),
                pin,
            ],
            check=True,
        )
    if not wheel.exists():
        sys.exit(f"build: {wheel} missing after pip download")
    return wheel


#: A maskable icon's safe zone: the circle of radius 0.4 x size at its centre (the W3C
#: manifest spec); the die face's corners must lie inside it, or launchers cut them off.
SAFE_RADIUS = 0.4


def face_inset(maskable: bool) -> float:
    """The die face's margin, as a share of the icon's size. Maskable: the face's corners at
    distance (0.5 - inset) x sqrt(2) from the centre, inside the safe zone (0.22: 0.396).

    >>> round((0.5 - face_inset(True)) * 2**0.5, 3) <= SAFE_RADIUS
    True
    """
    return 0.22 if maskable else 0.1


def png(size: int, maskable: bool) -> bytes:
    """A plain icon drawn in code (no binary files in git): a die face on the app's blue."""
    bg, fg = (0x2B, 0x3A, 0x55), (0xF6, 0xF4, 0xEF)
    inset = size * face_inset(maskable)
    pip = size * 0.07
    centres = [(0.3, 0.3), (0.7, 0.3), (0.5, 0.5), (0.3, 0.7), (0.7, 0.7)]
    rows = []
    for y in range(size):
        row = bytearray([0])
        for x in range(size):
            inside = inset <= x < size - inset and inset <= y < size - inset
            colour = fg if inside else bg
            if inside:
                u = (x - inset) / (size - 2 * inset)
                v = (y - inset) / (size - 2 * inset)
                side = size - 2 * inset
                if any(
                    ((u - cx) * side) ** 2 + ((v - cy) * side) ** 2 <= pip**2 for cx, cy in centres
                ):
                    colour = bg
            row.extend(colour)
        rows.append(bytes(row))

    def chunk(kind: bytes, data: bytes) -> bytes:
        body = kind + data
        return struct.pack(">I", len(data)) + body + struct.pack(">I", zlib.crc32(body))

    header = struct.pack(">IIBBBBB", size, size, 8, 2, 0, 0, 0)
    return (
        b"\x89PNG\r\n\x1a\n"
        + chunk(b"IHDR", header)
        + chunk(b"IDAT", zlib.compress(b"".join(rows), 9))
        + chunk(b"IEND", b"")
    )


def copy_web() -> None:
    for path in sorted(WEB.rglob("*")):
        if (
            path.is_dir()
            or WEB_SKIP & set(path.parts)
            or path.parent.name == "rkweb"
            or "rkweb" in path.relative_to(WEB).parts
        ):
            continue
        target = DIST / path.relative_to(WEB)
        target.parent.mkdir(parents=True, exist_ok=True)
        shutil.copy2(path, target)


def vendor() -> None:
    pyodide_dir = DIST / "vendor" / "pyodide"
    pyodide_dir.mkdir(parents=True)
    for name in PYODIDE_FILES:
        source = NODE / "pyodide" / name
        if not source.exists():
            sys.exit(f"build: vendored Pyodide file missing: {source} (run npm ci)")
        shutil.copy2(source, pyodide_dir / name)


def pack_core(wheels: list[Path]) -> None:
    """pycore/, tables/, the web layer's rkweb/ and icepool in one zip, unpacked into the cwd.

    icepool and segno come from their wheels as-is (a wheel is a zip whose root goes on sys.path): one
    download and one unpack instead of two. tools/pyc.mjs then adds the precompiled modules.
    """
    out = DIST / "py" / "rulekeeper.zip"
    out.parent.mkdir(parents=True, exist_ok=True)

    with zip_stamped.open_zip(out, "w") as archive:
        for base, folder in ((ROOT, "pycore"), (ROOT, "tables"), (WEB, "rkweb")):
            for path in sorted((base / folder).rglob("*")):
                if path.is_file() and "__pycache__" not in path.parts and path.suffix != ".pyc":
                    data = path.read_bytes()
                    zip_stamped.write_entry(archive, path.relative_to(base).as_posix(), data)
        for wheel in wheels:
            with zipfile.ZipFile(wheel) as source:
                for name in sorted(source.namelist()):
                    zip_stamped.write_entry(archive, name, source.read(name))


def precompile() -> None:
    """.pyc for the app and the stdlib it imports, made by the vendored Pyodide (tools/pyc.mjs)."""
    subprocess.run(["node", str(ROOT / "tools" / "pyc.mjs"), str(DIST)], check=True, cwd=ROOT)


def boot_lock_info() -> None:
    """Write the vendored lock's ``info`` into boot.mjs: the page loads no Pyodide package, so it
    passes this instead of fetching the 119 KB pyodide-lock.json at every cold start."""
    info = json.loads((NODE / "pyodide" / "pyodide-lock.json").read_text())["info"]
    boot = DIST / "boot.mjs"
    text = boot.read_text()
    placeholder = "const LOCK_INFO = null;"
    if placeholder not in text:
        sys.exit(f"build: {placeholder!r} not found in web/boot.mjs")
    boot.write_text(text.replace(placeholder, f"const LOCK_INFO = {json.dumps(info)};"))


def icons() -> None:
    folder = DIST / "icons"
    folder.mkdir(exist_ok=True)
    (folder / "icon-192.png").write_bytes(png(192, False))
    (folder / "icon-512.png").write_bytes(png(512, False))
    (folder / "icon-512-maskable.png").write_bytes(png(512, True))


def bench_page() -> None:
    """The baseline for the start-up benchmark (issue 33 item 1): a bare page on the app's own
    vendored Pyodide, with the same precompiled stdlib and the same lock information the app
    passes, which runs 1+1. Its files are the app's, so the service worker serves them to it by
    the same rules once installed; only the page itself comes from the network."""
    folder = DIST / "bench"
    folder.mkdir()
    info = json.loads((NODE / "pyodide" / "pyodide-lock.json").read_text())["info"]
    (folder / "bare.html").write_text(
        '<!doctype html><html lang="en"><head><meta charset="utf-8"><title>bare</title>'
        '<link rel="icon" href="../icons/icon-192.png">'
        '<script type="module" src="./bare.mjs"></script></head><body></body></html>\n'
    )
    (folder / "bare.mjs").write_text(
        'import { loadPyodide } from "../vendor/pyodide/pyodide.mjs";\n'
        f"const info = {json.dumps(info)};\n"
        "const py = await loadPyodide({ lockFileContents: { info, packages: {} } });\n"
        'if (py.runPython("1+1") === 2) document.documentElement.dataset.ready = "1";\n'
        'performance.mark("rulekeeper-ready");\n'
    )
    # The warm start's floor (issue 33): what any page restoring this build's snapshot on this
    # Pyodide must do, with nothing of the app's own (no digest check, no app code, no render):
    # the snapshot's read beside the wasm compile and the runtime's JavaScript, the restore, 1+1.
    # ``?build=`` names the build.
    (folder / "floor.html").write_text(
        '<!doctype html><html lang="en"><head><meta charset="utf-8"><title>floor</title>'
        '<link rel="icon" href="../icons/icon-192.png">'
        '<script type="module" src="./floor.mjs"></script></head><body></body></html>\n'
    )
    (folder / "floor.mjs").write_text(
        'import { compileRuntime, readSnapshot, snapshotUrl } from "../snapshot-store.mjs";\n'
        f"const info = {json.dumps(info)};\n"
        'const base = new URL("../boot.mjs", import.meta.url).href;\n'
        "const runtime = compileRuntime(base);\n"
        'const build = new URLSearchParams(location.search).get("build");\n'
        "const found = readSnapshot(snapshotUrl(base, build));\n"
        'const { restore } = await import("../snapshot.mjs");\n'
        "const snapshot = await found;\n"
        "if (!snapshot) throw new Error(`no snapshot of build ${build}`);\n"
        "const py = await restore(snapshot, { lockFileContents: { info, packages: {} } }, runtime);\n"
        'if (py.runPython("1+1") === 2) document.documentElement.dataset.ready = "1";\n'
        'performance.mark("rulekeeper-ready");\n'
    )


def build_id() -> str:
    """A hash of everything the app loads, so two builds of the same sources share an id."""
    digest = hashlib.sha256()
    for path in sorted(p for p in DIST.rglob("*") if p.is_file() and "bench" not in p.parts):
        digest.update(path.relative_to(DIST).as_posix().encode() + b"\0" + path.read_bytes())
    return digest.hexdigest()[:12]


def stamp(build: str) -> None:
    """Mark the build in the page, the style sheet, the start script and the Python zip.

    boot.mjs compares the four at every start and marks the page ``data-build="mixed"`` (and
    logs an error) if they differ: the update test checks that they never do.
    """
    replacements = (
        ("index.html", '<meta name="rulekeeper-build" content="dev">', build),
        ("boot.mjs", 'const BUILD = "dev";', build),
    )
    for name, placeholder, value in replacements:
        path = DIST / name
        text = path.read_text()
        if placeholder not in text:
            sys.exit(f"build: {placeholder!r} not found in web/{name}")
        path.write_text(text.replace(placeholder, placeholder.replace("dev", value)))
    with (DIST / "app.css").open("a") as css:
        css.write(f'/* the build, checked by boot.mjs */\n:root {{ --build: "{build}"; }}\n')
    with zip_stamped.open_zip(DIST / "py" / "rulekeeper.zip", "a") as archive:
        zip_stamped.write_entry(archive, "build.txt", build.encode())


def main() -> None:
    global DIST
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, default=DIST, help="the folder to build (dist/)")
    parser.add_argument(
        "--build-id", help="mark the build with this id instead of its content hash (tests)"
    )
    args = parser.parse_args()
    DIST = args.out.resolve()
    wheels = [fetch_wheel(pin, name) for pin, name in WHEEL_PINS.items()]
    if DIST.exists():
        shutil.rmtree(DIST)
    DIST.mkdir(parents=True)
    copy_web()
    vendor()
    pack_core(wheels)
    precompile()
    boot_lock_info()
    icons()
    bench_page()
    stamp(args.build_id or build_id())
    # The service worker must come last: it precaches every file above by content hash.
    subprocess.run(["node", str(ROOT / "tools" / "sw.mjs"), str(DIST)], check=True, cwd=ROOT)


if __name__ == "__main__":
    main()
