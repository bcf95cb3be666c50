#!/usr/bin/env bash
# Checks the single executable the way a user meets it: dist/saathi (or $1) copied alone into an empty folder,
# run with no node_modules, no node on PATH, no NODE_PATH/NODE_OPTIONS and a fresh HOME (so it unpacks its
# native addons from scratch). Seeds the demo data, serves it, and checks /api/health, the member app (HTML and
# a hashed script), the ops console, a demo login, a search with photos, that every native library the server
# loaded came from the unpacked cache, and a clean SIGTERM shutdown. Builds nothing: run
# `npm run build:binary` first.
set -euo pipefail
# curl drives the HTTP checks; install it from Debian's packages when the machine lacks it.
if ! command -v curl >/dev/null 2>&1; then
  SUDO=""; if [ "$(id -u)" != "0" ]; then SUDO="sudo"; fi
  $SUDO apt-get update -qq && DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq curl >/dev/null
fi

root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
binary="$(realpath "${1:-$root/dist/saathi}")"
[[ -x "$binary" ]] || { echo "check-binary: $binary not found or not executable (npm run build:binary)" >&2; exit 1; }

work="$(mktemp -d "${TMPDIR:-/tmp}/saathi-binary-check.XXXXXX")"
server_pid=""
cleanup() {
  if [[ -n "$server_pid" ]] && kill -0 "$server_pid" 2>/dev/null; then kill -KILL "$server_pid" 2>/dev/null || true; fi
  if [[ "${KEEP_CHECK_DIR:-}" == "1" ]]; then echo "check-binary: left $work"; else rm -rf "$work"; fi
}
trap cleanup EXIT
fail() {
  echo "check-binary: FAIL: $*" >&2
  if [[ -f "$work/serve.log" ]]; then echo "--- server output (last 30 lines) ---" >&2; tail -n 30 "$work/serve.log" >&2; fi
  exit 1
}
now() { date +%s.%N; }
secs() { awk -v a="$1" -v b="$2" 'BEGIN { printf "%.2f", b - a }'; }

mkdir -p "$work/app" "$work/home" "$work/no-path" "$work/tmp"
cp "$binary" "$work/app/saathi"
cd "$work/app"
# Nothing from the project or the machine's Node: an empty PATH folder, only HOME/TMPDIR (inside $work).
saathi=(env -i PATH="$work/no-path" HOME="$work/home" TMPDIR="$work/tmp" LANG=C.UTF-8 ./saathi)
run() { "${saathi[@]}" "$@"; }
[[ "$(ls -A "$work/app")" == "saathi" ]] || fail "the folder is not empty apart from saathi"

size_mb="$(awk -v b="$(stat -c %s saathi)" 'BEGIN { printf "%.1f", b / 1e6 }')"
version="$(run --version 2>"$work/first-run.err")" || fail "saathi --version failed: $(cat "$work/first-run.err")"
echo "check-binary: saathi $version, $size_mb MB"

# The native addons are unpacked by the first command that needs them (seed: SQLite and sharp).
t0="$(now)"
run seed >"$work/seed.log" 2>&1 || { cat "$work/seed.log" >&2; fail "saathi seed failed"; }
seed_s="$(secs "$t0" "$(now)")"
unpack="$(cat "$work/first-run.err" "$work/seed.log" | grep -o 'first run, [0-9.]* s' | head -1 | grep -o '[0-9.]*' || true)"
[[ -n "$unpack" ]] || fail "no run reported unpacking into a fresh cache: $(cat "$work/first-run.err" "$work/seed.log" | head -5)"
echo "check-binary: unpacked into a fresh cache on first use in $unpack s"
grep -q 'Seeded [0-9]* members' "$work/seed.log" || fail "seed did not report its members: $(tail -n 5 "$work/seed.log")"
echo "check-binary: $(grep -o 'Seeded [0-9]* members' "$work/seed.log") ($seed_s s including start-up)"
photos="$(find data -name '*.jpg' | wc -l)"
[[ "$photos" -gt 0 ]] || fail "seed wrote no photos under ./data"
echo "check-binary: seed wrote $photos JPEG files"

port_free() { ! (exec 3<>"/dev/tcp/127.0.0.1/$1") 2>/dev/null; }
port=""
for _ in $(seq 1 50); do
  candidate=$((20000 + RANDOM % 30000))
  if port_free "$candidate"; then port="$candidate"; break; fi
done
[[ -n "$port" ]] || fail "no free port found"
base="http://127.0.0.1:$port"

t0="$(now)"
# A simple command, so $! is the server itself (env execs saathi). The binary is checked as the demo the README
# starts (--demo): a new member signs in at once, without a mailbox to confirm the address.
"${saathi[@]}" serve --demo --port "$port" --host 127.0.0.1 >"$work/serve.log" 2>&1 &
server_pid=$!
healthy=""
for _ in $(seq 1 300); do
  kill -0 "$server_pid" 2>/dev/null || fail "the server exited during start-up"
  if [[ "$(curl -s --max-time 2 "$base/api/health" || true)" == *'"status":"ok"'* ]]; then healthy=1; break; fi
  sleep 0.1
done
[[ -n "$healthy" ]] || fail "/api/health did not answer ok within 30 s"
startup_s="$(secs "$t0" "$(now)")"
echo "check-binary: serving at $base; /api/health ok after $startup_s s"

member="$(curl -sf "$base/")" || fail "GET / failed"
[[ "$member" == *'<div id="root">'* && "$member" == *'<title>Saathi — matrimonial bonds across seas</title>'* ]] || fail "GET / is not the member app: ${member:0:300}"
script="$(grep -o 'src="/assets/main-[A-Za-z0-9_-]*\.js"' <<<"$member" | head -n 1 | cut -d'"' -f2)"
[[ -n "$script" ]] || fail "the member app references no hashed main script"
# The entry script is a small loader: it imports the app's start-up chunks (in stages), and those import further
# chunks statically; all of them must be in the binary and load too. Lazy screens (import("…") inside a chunk) are
# left out: they are not start-up code.
read -r code bytes type < <(curl -s -o "$work/main.js" -w '%{http_code} %{size_download} %{content_type}\n' "$base$script")
[[ "$code" == 200 && "$type" == *javascript* && "$bytes" -gt 0 ]] || fail "$script: HTTP $code, $type, $bytes bytes"
total="$bytes"
pending="$(grep -o '"/assets/chunks/[A-Za-z0-9_-]*\.js"' "$work/main.js" | tr -d '"' | sort -u)"
[[ -n "$pending" ]] || fail "$script imports no chunk of the app"
chunks=""
while [[ -n "$pending" ]]; do
  next=""
  for chunk in $pending; do
    [[ " $chunks " == *" $chunk "* ]] && continue
    chunks="$chunks $chunk"
    read -r code bytes type < <(curl -s -o "$work/chunk.js" -w '%{http_code} %{size_download} %{content_type}\n' "$base$chunk")
    [[ "$code" == 200 && "$type" == *javascript* && "$bytes" -gt 0 ]] || fail "$chunk: HTTP $code, $type, $bytes bytes"
    total=$((total + bytes))
    next="$next $(grep -oE '(from|import) ?"/assets/chunks/[A-Za-z0-9_-]*\.js"' "$work/chunk.js" | grep -o '/assets/chunks/[A-Za-z0-9_-]*\.js' | sort -u | tr '\n' ' ' || true)"
  done
  pending="$(tr ' ' '\n' <<<"$next" | grep . | sort -u || true)"
done
[[ "$total" -gt 100000 ]] || fail "the member app's start-up code is only $total bytes"
echo "check-binary: / is the member app; $script and the $(wc -w <<<"$chunks") start-up chunks it imports load ($total bytes)"

ops="$(curl -sf "$base/ops")" || fail "GET /ops failed"
[[ "$ops" == *'<title>Saathi Ops</title>'* ]] || fail "GET /ops is not the ops console: ${ops:0:300}"
ops_script="$(grep -o 'src="/ops/assets/main-[A-Za-z0-9_-]*\.js"' <<<"$ops" | head -n 1 | cut -d'"' -f2)"
[[ -n "$ops_script" && "$(curl -s -o /dev/null -w '%{http_code}' "$base$ops_script")" == 200 ]] || fail "the ops console script does not load"
echo "check-binary: /ops is the ops console; $ops_script loads"

jar="$work/cookies.txt"
login="$(curl -s -c "$jar" -b "$jar" -H "Origin: $base" -H 'Accept: application/json' \
  --data-urlencode username=demo --data-urlencode password=demo-pass-2026 "$base/api/auth/login")"
[[ "$login" == *'"username":"demo"'* ]] || fail "demo login failed: ${login:0:300}"
search="$(curl -s -b "$jar" -H "Origin: $base" -H 'Accept: application/json' "$base/api/search")"
results="$(grep -o '"matchPercentage"' <<<"$search" | wc -l)"
[[ "$results" -gt 0 ]] || fail "search returned no results: ${search:0:300}"
photo="$(grep -o '"/media/photos/[A-Za-z0-9_]*\.jpg"' <<<"$search" | head -n 1 | tr -d '"')"
[[ -n "$photo" ]] || fail "no search result has a photo"
read -r code type < <(curl -s -b "$jar" -o /dev/null -w '%{http_code} %{content_type}\n' "$base$photo")
[[ "$code" == 200 && "$type" == image/jpeg* ]] || fail "$photo: HTTP $code, $type"
echo "check-binary: demo signed in; search returned $results profiles; $photo is a JPEG"

# A marriage biodata: pdfkit and the Noto fonts it embeds are carried inside the binary too.
profile_id="$(grep -o '"id":[0-9]*' <<<"$search" | head -n 1 | grep -o '[0-9]*')"
read -r code type < <(curl -s -b "$jar" -o "$work/biodata.pdf" -w '%{http_code} %{content_type}\n' "$base/api/profiles/$profile_id/biodata.pdf")
[[ "$code" == 200 && "$type" == application/pdf* && "$(head -c 5 "$work/biodata.pdf")" == '%PDF-' ]] || fail "biodata of profile $profile_id: HTTP $code, $type: $(head -c 300 "$work/biodata.pdf")"
echo "check-binary: profile $profile_id's biodata is a PDF of $(wc -c <"$work/biodata.pdf") bytes"

# A new member uploads a photo: sharp (loaded on the first image) re-encodes it inside the binary.
newjar="$work/new-member.txt"
reg="$(curl -s -c "$newjar" -b "$newjar" -H "Origin: $base" -H 'Accept: application/json' \
  --data-urlencode fullName='Binary Check' --data-urlencode email=binary.check@example.test \
  --data-urlencode username=binary_check --data-urlencode password=check-pass-2026 \
  --data-urlencode confirmPassword=check-pass-2026 --data-urlencode subscriptionTier=tryme "$base/api/auth/register")"
[[ "$reg" == *'"username":"binary_check"'* ]] || fail "registration failed: ${reg:0:300}"
sample="$(find data -name '*.jpg' ! -name '*_thumb.jpg' ! -name '*_blur.jpg' -print -quit)"
uploaded="$(curl -s -b "$newjar" -H "Origin: $base" -H 'Accept: application/json' -F "photo=@$sample;type=image/jpeg;filename=me.jpg" "$base/api/upload/photo")"
[[ "$uploaded" == *'"thumbnailUrl":"/media/photos/'* ]] || fail "photo upload failed: ${uploaded:0:300}"
echo "check-binary: a new member's photo upload was re-encoded by the server"

# Every native library the server mapped comes from the unpacked cache (or the system), never a node_modules.
maps="$(awk '$6 ~ /\.node$|libvips/ { print $6 }' "/proc/$server_pid/maps" | sort -u)"
grep -q 'better_sqlite3\.node$' <<<"$maps" || fail "better-sqlite3 is not loaded: $maps"
grep -q '/sharp-[^/]*\.node$' <<<"$maps" || fail "sharp is not loaded: $maps"
while read -r lib; do
  [[ "$lib" == "$work/home/.cache/saathi/"* ]] || fail "native library loaded from outside the unpacked cache: $lib"
done <<<"$maps"


kill -TERM "$server_pid"
stopped=""
for _ in $(seq 1 150); do
  if ! kill -0 "$server_pid" 2>/dev/null; then stopped=1; break; fi
  sleep 0.1
done
[[ -n "$stopped" ]] || fail "the server did not stop within 15 s of SIGTERM"
status=0
wait "$server_pid" || status=$?
server_pid=""
[[ "$status" == 0 ]] || fail "the server exited with status $status after SIGTERM"
echo "check-binary: SIGTERM stopped the server cleanly"
echo "check-binary: OK — size $size_mb MB, first-run unpack $unpack s, seed $seed_s s, start-up to healthy $startup_s s"
