#!/bin/bash
# The task container's entrypoint (PID 1 is tini, which runs this and forwards signals).
#
# As root: seeds each service DB that is absent, starts the task's services as the `mock` user
# under a supervisor that restarts a crashed one, waits until every /health answers (polling, no
# blind sleep), runs the task's extra startup fragment, arms the agent phase in every DB (it
# starts at the agent's first request), writes the readiness file, then execs the image's
# command. `entrypoint.sh --seed-only` seeds and exits (used while building the image).
set -euo pipefail
umask 022

readonly MOCK_HOME=/opt/mock
readonly DATA_DIR="${MOCK_DATA_DIR:-/var/lib/mock-data}"
readonly LOG_DIR=/var/log/mock
readonly RUN_DIR=/run/mock
readonly READY_FILE="$RUN_DIR/ready"
readonly READY_TIMEOUT="${MOCK_READY_TIMEOUT:-120}"  # the healthcheck's start period
SERVICE_ENV=(
    "PATH=/usr/local/bin:/usr/bin:/bin"
    "HOME=$DATA_DIR"
    "LANG=C.UTF-8"
    "MOCK_DATA_DIR=$DATA_DIR"
    "PYTHONPATH=$MOCK_HOME/lib"
    "PYTHONDONTWRITEBYTECODE=1"
)
# The judge's endpoint, for the task's model-played personas: the container's environment has it
# when the task's [environment.env] (Harbor) or the runner set it; passed on only when set, so a
# service without it leaves its model personas silent (and the verifier says not scored).
for judge_var in JUDGE_BASE_URL JUDGE_API_KEY JUDGE_MODEL_ID; do
    if [[ -n "${!judge_var:-}" ]]; then SERVICE_ENV+=("$judge_var=${!judge_var}"); fi
done
unset judge_var
readonly SERVICE_ENV

log() { printf 'entrypoint: %s\n' "$*" >&2; }
die() { log "error: $*"; exit 1; }

# The task's declaration: MOCK_SERVICES=("name|ref|port|seed" ...) and mock_task_startup().
MOCK_SERVICES=()
mock_task_startup() { :; }
load_task() {
    local script
    if [[ -n "${MOCK_TASK:-}" ]]; then
        script="$MOCK_HOME/startup.d/$MOCK_TASK.sh"
        [[ -f "$script" ]] || die "MOCK_TASK=$MOCK_TASK but $script does not exist"
        # shellcheck source=/dev/null
        source "$script"
    fi
}

readonly AS_MOCK=(setpriv --reuid=mock --regid=mock --init-groups --no-new-privs -- env -i "${SERVICE_ENV[@]}")
as_mock() { "${AS_MOCK[@]}" "$@"; }

seed_missing() {
    local entry name ref port seed from_file=() all_file=1
    install -d -o mock -g mock -m 0700 "$DATA_DIR"
    for entry in "${MOCK_SERVICES[@]}"; do
        IFS='|' read -r name ref port seed <<<"$entry"
        if [[ "$seed" == file ]]; then
            [[ -f "$DATA_DIR/$name.db" ]] && all_file=0 || from_file+=("$ref")
        elif [[ ! -f "$DATA_DIR/$name.db" ]]; then
            log "seeding $name with its default data"
            as_mock mock-services seed "$ref" >&2
        fi
    done
    ((${#from_file[@]})) || return 0
    log "seeding ${from_file[*]} from $DATA_DIR/seed.json"
    if ((all_file)); then
        # Every section of the file is missing: one process seeds them all.
        as_mock mock-services seed all --from "$DATA_DIR/seed.json" --require-logins >&2
    else
        for ref in "${from_file[@]}"; do
            as_mock mock-services seed "$ref" --from "$DATA_DIR/seed.json" --require-logins >&2
        done
    fi
}

# One HTTP/1.0 GET /health over bash's /dev/tcp: true when the answer is 200.
healthy() {
    local status=""
    { exec 3<>"/dev/tcp/127.0.0.1/$1"; } 2>/dev/null || return 1
    printf 'GET /health HTTP/1.0\r\nHost: localhost\r\n\r\n' >&3 2>/dev/null || { exec 3>&-; return 1; }
    read -r -t 2 _ status _ <&3 || true
    exec 3>&-
    [[ "$status" == 200 ]]
}

log_tail() {
    log "last lines of $LOG_DIR/$1.log:"
    tail -n 40 "$LOG_DIR/$1.log" >&2 2>/dev/null || log "(no log)"
}

wait_ready() {
    local supervisor=$1 deadline entry name ref port pending
    deadline=$((SECONDS + READY_TIMEOUT))
    pending=("${MOCK_SERVICES[@]}")
    while ((${#pending[@]})); do
        local still=()
        for entry in "${pending[@]}"; do
            IFS='|' read -r name ref port _ <<<"$entry"
            healthy "$port" || still+=("$entry")
        done
        pending=("${still[@]+"${still[@]}"}")
        ((${#pending[@]})) || break
        if ! kill -0 "$supervisor" 2>/dev/null; then
            log "the service supervisor exited"
            tail -n 40 "$LOG_DIR/supervisor.log" >&2 2>/dev/null || true
            exit 1
        fi
        if ((SECONDS >= deadline)); then
            for entry in "${pending[@]}"; do
                IFS='|' read -r name ref port _ <<<"$entry"
                log "$name did not answer GET http://127.0.0.1:$port/health within ${READY_TIMEOUT}s"
                log_tail "$name"
            done
            kill -TERM "$supervisor" 2>/dev/null || true
            exit 1
        fi
        sleep 0.05
    done
}

# Docker puts `::1 localhost` in /etc/hosts; where IPv6 loopback is up, a process could bind
# [::1]:<port> and receive clients that resolve `localhost` to ::1 first. Keep localhost IPv4-only.
pin_localhost_ipv4() {
    [[ -w /etc/hosts ]] || return 0
    local hosts
    hosts=$(sed -E '/^::1[[:space:]]/ s/[[:space:]]localhost([[:space:]]|$)/ /' /etc/hosts)
    printf '%s\n' "$hosts" >/etc/hosts
}

# A PATH, BASH_ENV or preload through a folder the agent can write would make every root exec
# of the runner (Harbor's `bash -c` of the verifier, before any script of ours) run the agent's
# programs: such a container does not start.
refuse_agent_paths() {
    local name part parts
    for name in PATH BASH_ENV ENV LD_PRELOAD LD_LIBRARY_PATH; do
        IFS=':' read -ra parts <<<"${!name:-}"
        for part in "${parts[@]+"${parts[@]}"}"; do
            case "$part" in
                /home/* | /workspace | /workspace/* | /tmp | /tmp/* | /var/tmp | /var/tmp/* | /logs | /logs/* | /dev/shm*)
                    die "$name contains $part, a folder the agent user can write: every root" \
                        "exec would run its programs; drop it from the image's ENV" ;;
                /*) ;;
                *) [[ "$name" != PATH ]] || die "PATH contains '$part', a relative folder" ;;
            esac
        done
    done
}

# Root runs with root's environment, never the image's HOME, PATH or interpreter variables
# (a task image may point them at the agent's folders); the MOCK_* settings are kept.
drop_image_environment() {
    local name keep=()
    for name in $(compgen -e); do
        [[ "$name" == MOCK_* ]] && keep+=("$name=${!name}")
    done
    cd /root
    exec env -i HOME=/root PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin \
        LANG=C.UTF-8 MOCK_ROOT_ENVIRONMENT=1 "${keep[@]}" /bin/bash "$0" "$@"
}

main() {
    if [[ "$(id -u)" == 0 && -z "${MOCK_ROOT_ENVIRONMENT:-}" ]]; then
        refuse_agent_paths
        drop_image_environment "$@"
    fi
    load_task
    if [[ "$(id -u)" != 0 ]]; then
        # A task without services (e.g. Pattern 4, `USER node`) needs nothing from root.
        ((${#MOCK_SERVICES[@]} == 0)) || die "must start as root (the services run as 'mock');" \
            "remove USER from the task Dockerfile and set [agent] user = \"node\" in task.toml"
        [[ "${1:-}" != --seed-only ]] || exit 0
        (($#)) || set -- sleep infinity
        exec "$@"
    fi
    if [[ "${1:-}" == --seed-only ]]; then
        seed_missing
        rm -rf "$DATA_DIR/secrets"
        python3 -m compileall -q "$MOCK_HOME/lib" >/dev/null
        exit 0
    fi
    install -d -o root -g root -m 0755 "$RUN_DIR"
    # The verifier's folder is root's alone before the runner uploads into it: an agent process
    # still alive then (until end-agent-session kills it) cannot read the checks as they land.
    mkdir -p /tests && chown root:root /tests && chmod 0700 /tests
    rm -f "$READY_FILE" "$RUN_DIR/agent-session-ended"
    local supervisor=() warden=(--supervisor-log "$LOG_DIR/supervisor.log") entry port
    if ((${#MOCK_SERVICES[@]})); then
        pin_localhost_ipv4
        install -d -o mock -g mock -m 0700 "$LOG_DIR"
        seed_missing
        # The supervisor stays in this process group, so tini's forwarded SIGTERM reaches it.
        supervisor=("${AS_MOCK[@]}" MOCK_WORKERS="${MOCK_WORKERS:-1}" python3 "$MOCK_HOME/supervise.py"
            "$LOG_DIR" "${MOCK_SERVICES[@]}")
        "${supervisor[@]}" >>"$LOG_DIR/supervisor.log" 2>&1 &
        warden+=(--supervisor-pid $!)
        wait_ready $!
        for entry in "${MOCK_SERVICES[@]}"; do
            IFS='|' read -r _ _ port _ <<<"$entry"
            warden+=(--port "$port")
        done
    fi
    (mock_task_startup) || die "the task's startup fragment failed"
    if ((${#MOCK_SERVICES[@]})); then
        # The agent phase is armed: it starts at the agent's first request (a running world
        # clock moves from there and world events fire; end-agent-session, the verifier's
        # first step, ends it), so installing the agent takes no time of the world's.
        as_mock mock-services world arm all >&2
    fi
    printf '%s\n' "${MOCK_SERVICES[@]+"${MOCK_SERVICES[@]}"}" >"$READY_FILE.tmp"
    mv "$READY_FILE.tmp" "$READY_FILE"
    log "ready: ${#MOCK_SERVICES[@]} service(s)"
    (($#)) || set -- sleep infinity
    # The warden runs the command, restarts the supervisor and guards the agent's reach (see
    # warden.py); it keeps this process id, so the supervisor stays its child.
    exec python3 -I "$MOCK_HOME/warden.py" "${warden[@]}" \
        --supervisor-argc "${#supervisor[@]}" -- "${supervisor[@]}" "$@"
}

main "$@"
