"""docker/ checked without a Docker engine: every check is a function returning the problems
it finds; each runs on the real files (no problems) and on a copy with one wrong value (a
problem), so none of them can pass vacuously."""

from __future__ import annotations

import copy
import importlib.util
import re
import shlex
import subprocess
import sys
import tomllib
from dataclasses import dataclass
from importlib.metadata import entry_points, version
from pathlib import Path

import dagster as dg
import pytest
import yaml
from packaging.specifiers import SpecifierSet

from po_ingest_tests.support.production import (
    DOCKER_DIR,
    REPO_ROOT,
    empty_postgres_database,
    instance_config_without_launcher,
    pg_env,
    read_env_example,
    read_yaml,
)

BIN = Path(sys.executable).parent
SERVICES = {
    "postgres",
    "migrate",
    "dagster_migrate",
    "code_location",
    "webserver",
    "daemon",
    "intake",
}
# Each would create Dagster's tables on a new database at once (one crashes) unless
# `dagster_migrate` has made them first.
USE_DAGSTER_STORAGE = ("code_location", "webserver", "daemon")
SUPPORTED_POSTGRES = range(14, 19)  # majors with community support
# Read only by the intake (`po-ingest serve`); run containers never get the API token.
INTAKE_ONLY = {
    "PO_INGEST_API_TOKEN",
    "PO_INGEST_DAGSTER_UI_URL",
    "PO_INGEST_DAGSTER_GRAPHQL_URL",
    "PO_INGEST_MAX_CONCURRENT_UPLOADS",
    "PO_INGEST_UPLOAD_IDLE_SECONDS",
    "PO_INGEST_API_DOCS",
}
# Read by the alerts, watched-folder and mailbox sensors, in the code location (env_file
# .env), never by a run.
SENSORS_ONLY = {
    "PO_INGEST_MAIL_HOST",
    "PO_INGEST_MAIL_PORT",
    "PO_INGEST_MAIL_USER",
    "PO_INGEST_MAIL_PASSWORD",
    "PO_INGEST_MAIL_SECURITY",
    "PO_INGEST_MAIL_VERIFY_TLS",
    "PO_INGEST_MAIL_CA_FILE",
    "PO_INGEST_MAIL_FOLDERS",
    "PO_INGEST_MAIL_ALLOWED_SENDERS",
    "PO_INGEST_MAIL_MAX_PER_TICK",
    "PO_INGEST_MAIL_POLL_SECONDS",
    "PO_INGEST_ALERT_URLS",
    "PO_INGEST_ALERT_INTERVAL_SECONDS",
    "PO_INGEST_ALERT_STALLED_MINUTES",
    "PO_INGEST_ALERT_REVIEW_HOURS",
    "PO_INGEST_ALERT_SENSOR_MINUTES",
    "PO_INGEST_ALERT_DIGEST",
    "PO_INGEST_INBOX_DIR",
    "PO_INGEST_RUN_STATUS_SENSOR_SECONDS",
    "PO_INGEST_PENDING_SENSOR_SECONDS",
    "PO_INGEST_REVIEW_SENSOR_SECONDS",
    # The pending sensor packs a backlog (the intake reads the threshold too, from .env).
    "PO_INGEST_BACKLOG_THRESHOLD",
    "PO_INGEST_BACKLOG_PACK",
    "PO_INGEST_INBOX_SETTLE_SECONDS",
    "PO_INGEST_INBOX_MAX_PER_TICK",
}
# Variables whose empty value means "unset" to po_ingest (no Gemini, Google's endpoint).
MAY_BE_EMPTY = {"GEMINI_API_KEY", "PO_INGEST_GEMINI_BASE_URL"}
PINNED = ("dagster", "dagster-webserver", "dagster-postgres")
DOCKER_RUN_LAUNCHER_KEYS = {
    "image",
    "network",
    "networks",
    "registry",
    "env_vars",
    "container_kwargs",
}


@dataclass
class Deploy:
    compose: dict
    dagster_yaml: dict
    workspace: dict
    env_example: dict[str, str]
    dockerfiles: dict[str, str]
    pyproject: dict
    lock: str  # requirements.lock, what the images install

    @classmethod
    def load(cls) -> Deploy:
        return cls(
            compose=read_yaml("docker-compose.yml"),
            dagster_yaml=read_yaml("dagster.yaml"),
            workspace=read_yaml("workspace.yaml"),
            env_example=read_env_example(),
            dockerfiles={p.name: p.read_text() for p in DOCKER_DIR.glob("*.Dockerfile")},
            pyproject=tomllib.loads((REPO_ROOT / "pyproject.toml").read_text()),
            lock=(REPO_ROOT / "requirements.lock").read_text(),
        )

    @property
    def services(self) -> dict:
        return self.compose["services"]

    @property
    def launcher(self) -> dict:
        return self.dagster_yaml["run_launcher"]["config"]

    def service_env(self, name: str) -> set[str]:
        """Variables a service gets: its `environment` and, through env_file, .env.example."""
        service = self.services[name]
        names = set(service.get("environment") or {})
        if service.get("env_file"):
            names |= set(self.env_example)
        return names

    def build_dockerfile(self, name: str) -> str:
        return Path(self.services[name]["build"]["dockerfile"]).name


def _dockerfile_cmd(text: str) -> list[str]:
    (line,) = [line for line in text.splitlines() if line.startswith("CMD ")]
    return yaml.safe_load(line.removeprefix("CMD "))


def _steps(argv: list[str]) -> list[list[str]]:
    """A command, or each of the commands an `sh -c "a && b"` runs."""
    if argv[:2] != ["sh", "-c"]:
        return [argv]
    return [shlex.split(step) for step in argv[2].split("&&")]


def _commands(deploy: Deploy) -> dict[str, list[str]]:
    """Every command the stack runs: compose services' (each step of an `sh -c`) and
    Dockerfiles' CMDs."""
    commands = {}
    for name, service in deploy.services.items():
        if "command" not in service:
            continue
        steps = _steps(service["command"])
        for n, argv in enumerate(steps, 1):
            commands[f"service {name}" + (f" step {n}" if len(steps) > 1 else "")] = argv
    for name, text in deploy.dockerfiles.items():
        commands[f"{name} CMD"] = _dockerfile_cmd(text)
    return commands


def _env_refs(node) -> set[str]:
    if isinstance(node, dict):
        if set(node) == {"env"}:
            return {node["env"]}
        return set().union(*(_env_refs(v) for v in node.values())) if node else set()
    if isinstance(node, list):
        return set().union(*(_env_refs(v) for v in node)) if node else set()
    return set()


def _volume_mounts(service: dict) -> dict[str, str]:
    return dict(v.split(":")[:2] for v in service.get("volumes", []))


# -- the checks -------------------------------------------------------------------------------
def check_compose_shape(deploy: Deploy) -> list[str]:
    problems = []
    if set(deploy.services) != SERVICES:
        problems.append(f"services are {sorted(deploy.services)}, expected {sorted(SERVICES)}")
    postgres = deploy.services.get("postgres", {})
    image = postgres.get("image", "")
    major = re.fullmatch(r"postgres:(\d+)(\.\d+)?(-\w+)?", image)
    if not major or int(major.group(1)) not in SUPPORTED_POSTGRES:
        problems.append(f"postgres image {image!r} is not a supported PostgreSQL major")
    if "pg_isready" not in " ".join(postgres.get("healthcheck", {}).get("test", [])):
        problems.append("postgres has no pg_isready healthcheck")
    for name, service in deploy.services.items():
        depends = service.get("depends_on", {})
        if name != "postgres" and depends.get("postgres", {}).get("condition") != (
            "service_healthy"
        ):
            problems.append(f"{name} does not wait for a healthy postgres")
        if name != "postgres" and service.get("env_file") != ".env":
            problems.append(f"{name} does not read its secrets from env_file .env")
    for name in USE_DAGSTER_STORAGE:
        depends = deploy.services.get(name, {}).get("depends_on", {})
        if depends.get("dagster_migrate", {}).get("condition") != "service_completed_successfully":
            problems.append(f"{name} starts before dagster_migrate has created Dagster's tables")
    ports = {name: s.get("ports", []) for name, s in deploy.services.items()}
    if ports.get("webserver") != ["127.0.0.1:3000:3000"] or ports.get("intake") != [
        "127.0.0.1:8000:8000"
    ]:
        problems.append(f"published ports are {ports}")
    for name, published in ports.items():
        if any(not str(port).startswith("127.0.0.1:") for port in published):
            problems.append(f"{name} publishes a port on every interface: {published}")
    return problems


def _command_problem(argv: list[str], pyproject: dict) -> str | None:
    scripts = pyproject["project"]["scripts"]
    installed = {ep.name for ep in entry_points(group="console_scripts")}
    program = argv[0]
    if program in scripts:
        module = scripts[program].split(":")[0]
        if importlib.util.find_spec(module) is None:
            return f"{program}'s entry point {scripts[program]} does not import"
    elif program not in installed:
        return f"{program} is no console script of this project or an installed package"
    if "-m" in argv:
        module = argv[argv.index("-m") + 1]
        if importlib.util.find_spec(module) is None:
            return f"module {module} does not exist"
    return None


def check_commands_exist(deploy: Deploy) -> list[str]:
    problems = []
    for where, argv in _commands(deploy).items():
        problem = _command_problem(argv, deploy.pyproject)
        if problem:
            problems.append(f"{where}: {problem}")
    grpc = deploy.services["code_location"]["command"]
    if grpc[:3] != ["dagster", "api", "grpc"] or "po_ingest.definitions" not in grpc:
        problems.append(f"the code location runs {grpc}")
    for service, dockerfile in (
        ("code_location", "code_location.Dockerfile"),
        ("intake", "intake.Dockerfile"),
    ):
        if deploy.services[service]["command"] != _dockerfile_cmd(deploy.dockerfiles[dockerfile]):
            problems.append(f"{service}'s command differs from {dockerfile}'s CMD")
    return problems


def _definitions_pools() -> set[str]:
    from po_ingest.definitions import defs

    return {
        op.pool for job in defs.resolve_all_job_defs() for op in job.graph.iterate_op_defs()
    } - {None}


def check_pools_set_before_runs(deploy: Deploy) -> list[str]:
    """Each pool the ops use gets its limit from `dagster_migrate`, never from a default:
    runs that create a default-limited pool's row at once fail on PostgreSQL."""
    problems = []
    if "default_limit" in deploy.dagster_yaml["concurrency"].get("pools", {}):
        problems.append("dagster.yaml's pools.default_limit: the first runs race to create it")
    steps = _steps(deploy.services["dagster_migrate"]["command"])
    limits = {
        argv[4]: argv[5]
        for argv in steps
        if argv[:4] == ["dagster", "instance", "concurrency", "set"] and len(argv) == 6
    }
    for pool in sorted(_definitions_pools()):
        if not limits.get(pool, "").isdigit() or int(limits[pool]) < 1:
            problems.append(f"dagster_migrate sets no limit for pool {pool!r}")
    return problems


def check_variables_documented(deploy: Deploy) -> list[str]:
    text = yaml.safe_dump(deploy.compose)
    referenced = set(re.findall(r"(?<!\$)\$\{([A-Za-z_][A-Za-z0-9_]*)", text))
    set_in_compose = set().union(
        *(set(s.get("environment") or {}) for s in deploy.services.values())
    )
    problems = [
        f"${{{name}}} in docker-compose.yml is not in .env.example"
        for name in sorted(referenced - set(deploy.env_example))
    ]
    for name in sorted(_env_refs(deploy.dagster_yaml)):
        users = [
            s for s in ("daemon", "webserver", "code_location") if name not in deploy.service_env(s)
        ]
        if users or name not in deploy.env_example and name not in set_in_compose:
            problems.append(f"dagster.yaml reads {name}, not given to {users or 'anyone'}")
    return problems


def po_ingest_variables() -> set[str]:
    """Every PO_INGEST_* the package reads (prefixes such as `PO_INGEST_GEMINI_*` skipped)."""
    found = set()
    for path in (REPO_ROOT / "po_ingest").rglob("*.py"):
        found |= set(re.findall(r"PO_INGEST_[A-Z_]*[A-Z]\b", path.read_text()))
    return found


def check_runs_get_every_variable(deploy: Deploy) -> list[str]:
    forwarded = set(deploy.launcher.get("env_vars", []))
    needed = (po_ingest_variables() - INTAKE_ONLY - SENSORS_ONLY) | {"GEMINI_API_KEY"}
    needed |= {n for n in _env_refs(deploy.dagster_yaml) if n.startswith("DAGSTER_PG_")}
    problems = [f"runs do not get {name}" for name in sorted(needed - forwarded)]
    problems += [f"runs get {name}, the intake's only" for name in sorted(forwarded & INTAKE_ONLY)]
    problems += [f"runs get {name}, the sensors' only" for name in sorted(forwarded & SENSORS_ONLY)]
    problems += [
        f"{name} is not in .env.example: the code location's sensors read it"
        for name in sorted(SENSORS_ONLY - set(deploy.env_example))
    ]
    for name in sorted(forwarded):
        value = deploy.env_example.get(name)
        if value is None or (not value and name not in MAY_BE_EMPTY):
            problems.append(f"{name} has no value in .env.example: the run launcher needs one")
    unknown = set(deploy.launcher) - DOCKER_RUN_LAUNCHER_KEYS
    if unknown or deploy.dagster_yaml["run_launcher"]["class"] != "DockerRunLauncher":
        problems.append(f"not a DockerRunLauncher config: {sorted(unknown)}")
    kwargs = deploy.launcher.get("container_kwargs", {})
    if {"image", "environment", "network"} & set(kwargs):
        problems.append("container_kwargs sets what dagster-docker refuses there")
    return problems


def check_network_and_volumes(deploy: Deploy) -> list[str]:
    problems = []
    networks = deploy.compose.get("networks", {})
    (key,) = networks or {"-": {}}
    if networks.get(key, {}).get("name") != deploy.launcher.get("network"):
        problems.append(f"compose network {networks} is not the run launcher's network")
    problems += [
        f"{name} is not on the {key} network"
        for name, service in deploy.services.items()
        if service.get("networks") != [key]
    ]
    files_dir = deploy.env_example.get("PO_INGEST_FILES_DIR")
    documents = [
        key
        for key in deploy.compose.get("volumes", {})
        if _volume_mounts(deploy.services["intake"]).get(key) == files_dir
    ]
    if len(documents) != 1:
        return [*problems, f"no one named volume is mounted at {files_dir} in intake"]
    volume = documents[0]
    name = (deploy.compose["volumes"][volume] or {}).get("name")
    if _volume_mounts(deploy.services["code_location"]).get(volume) != files_dir:
        problems.append(f"the code location does not mount {volume} at {files_dir}")
    if f"{name}:{files_dir}" not in deploy.launcher.get("container_kwargs", {}).get("volumes", []):
        problems.append(f"run containers do not mount volume {name} at {files_dir}")
    logs_dir = deploy.dagster_yaml["compute_logs"]["config"]["base_dir"]
    mounted = [v.split(":")[1] for v in deploy.launcher["container_kwargs"].get("volumes", [])]
    webserver = set(_volume_mounts(deploy.services["webserver"]).values())
    if logs_dir not in mounted or logs_dir not in webserver:
        problems.append(f"compute logs {logs_dir} are not shared by runs and the webserver")
    return problems


def check_images_match_pyproject(deploy: Deploy) -> list[str]:
    problems = []
    project = deploy.pyproject["project"]
    pins = dict(
        re.fullmatch(r"([\w-]+)==([\w.]+)", d).groups()
        for d in project["dependencies"]
        if re.fullmatch(r"([\w-]+)==([\w.]+)", d)
    )
    target = deploy.pyproject["tool"]["ruff"]["target-version"]  # py311
    for name, text in deploy.dockerfiles.items():
        base = re.search(r"^FROM python:(\d+\.\d+)-slim\s*$", text, re.MULTILINE)
        if not base:
            problems.append(f"{name} is not based on python:X.Y-slim")
            continue
        python = base.group(1)
        if python not in SpecifierSet(project["requires-python"]) or (
            f"py{python.replace('.', '')}" != target
        ):
            problems.append(f"{name} uses Python {python}, the project targets {target}")
        if not re.search(r"pip install --require-hashes -r (\S*/)?requirements\.lock\b", text):
            problems.append(f"{name} does not install requirements.lock with --require-hashes")
    locked = dict(re.findall(r"^([a-z][\w.-]*)==(\S+)", deploy.lock, re.MULTILINE))
    for package in (*PINNED, "dagster-docker"):
        expected = pins.get(package, pins["dagster-postgres"])
        if locked.get(package) != expected:
            problems.append(
                f"requirements.lock pins {package}=={locked.get(package)}, pyproject says {expected}"
            )
    for package in PINNED:
        if version(package) != pins[package]:
            problems.append(
                f"installed {package} {version(package)} is not pyproject's {pins[package]}"
            )
    return problems


def check_code_location_image(deploy: Deploy) -> list[str]:
    problems = []
    text = deploy.dockerfiles[deploy.build_dockerfile("code_location")]
    current = re.search(r"^ENV DAGSTER_CURRENT_IMAGE=(\S+)", text, re.MULTILINE)
    image = deploy.services["code_location"].get("image")
    if not current or current.group(1) != image:
        problems.append(f"DAGSTER_CURRENT_IMAGE is not the code location's image {image!r}")
    if "dagster-docker==" not in deploy.lock or "requirements.lock" not in text:
        problems.append("run containers (the code location image) lack dagster-docker")
    (entry,) = deploy.workspace["load_from"]
    grpc = entry.get("grpc_server", {})
    command = deploy.services["code_location"]["command"]
    port = int(command[command.index("-p") + 1])
    location = deploy.pyproject["tool"]["dagster"]["code_location_name"]
    if (grpc.get("host"), grpc.get("port"), grpc.get("location_name")) != (
        "code_location",
        port,
        location,
    ):
        problems.append(f"docker/workspace.yaml points at {grpc}, not code_location:{port}")
    return problems


CHECKS = [
    check_compose_shape,
    check_commands_exist,
    check_pools_set_before_runs,
    check_variables_documented,
    check_runs_get_every_variable,
    check_network_and_volumes,
    check_images_match_pyproject,
    check_code_location_image,
]


@pytest.fixture(scope="module")
def deploy() -> Deploy:
    return Deploy.load()


@pytest.mark.parametrize("check", CHECKS, ids=lambda c: c.__name__)
def test_docker_files_pass(check, deploy):
    assert check(deploy) == []


def _set(path: str, value):
    def mutate(d: Deploy):
        *parents, last = path.split(".")
        node = d
        for part in parents:
            node = getattr(node, part) if isinstance(node, Deploy) else node[part]
        if isinstance(node, Deploy):
            setattr(node, last, value)
        elif value is None:
            del node[last]
        else:
            node[last] = value

    return mutate


def _replace_in(dockerfile: str, old: str, new: str):
    def mutate(d: Deploy):
        assert old in d.dockerfiles[dockerfile]
        d.dockerfiles[dockerfile] = d.dockerfiles[dockerfile].replace(old, new)

    return mutate


def _drop_env_var(name: str):
    def mutate(d: Deploy):
        d.dagster_yaml["run_launcher"]["config"]["env_vars"].remove(name)

    return mutate


def _drop_documented(name: str):
    def mutate(d: Deploy):
        del d.env_example[name]

    return mutate


WRONG = {
    "dagster ui on every interface": (
        check_compose_shape,
        _set("compose.services.webserver.ports", ["3000:3000"]),
    ),
    "postgres published on every interface": (
        check_compose_shape,
        _set("compose.services.postgres.ports", ["0.0.0.0:5432:5432"]),
    ),
    "postgres 9.6": (check_compose_shape, _set("compose.services.postgres.image", "postgres:9.6")),
    "no healthcheck": (check_compose_shape, _set("compose.services.postgres.healthcheck", None)),
    "daemon before dagster tables": (
        check_compose_shape,
        _set("compose.services.daemon.depends_on.dagster_migrate", None),
    ),
    "unknown module": (
        check_commands_exist,
        _set(
            "compose.services.code_location.command",
            ["dagster", "api", "grpc", "-m", "po_ingest.nowhere"],
        ),
    ),
    "unknown script": (
        check_commands_exist,
        _set("compose.services.intake.command", ["po-ingestion", "serve"]),
    ),
    "pool left to a default": (
        check_pools_set_before_runs,
        _set("dagster_yaml.concurrency.pools.default_limit", 4),
    ),
    "pool never set": (
        check_pools_set_before_runs,
        _set("compose.services.dagster_migrate.command", ["dagster", "instance", "migrate"]),
    ),
    "undocumented ${VAR}": (
        check_variables_documented,
        _set("compose.services.postgres.environment.POSTGRES_DB", "${DAGSTER_PG_DATABASE}"),
    ),
    "undocumented env:": (check_variables_documented, _drop_documented("DAGSTER_PG_HOST")),
    "run without a setting": (check_runs_get_every_variable, _drop_env_var("PO_INGEST_MAX_PAGES")),
    "run without PG host": (check_runs_get_every_variable, _drop_env_var("DAGSTER_PG_HOST")),
    "setting without value": (
        check_runs_get_every_variable,
        _drop_documented("PO_INGEST_EXTRACTOR"),
    ),
    "other network": (
        check_network_and_volumes,
        _set("dagster_yaml.run_launcher.config.network", "bridge"),
    ),
    "runs without documents": (
        check_network_and_volumes,
        _set("dagster_yaml.run_launcher.config.container_kwargs.volumes", []),
    ),
    "python 3.12 image": (
        check_images_match_pyproject,
        _replace_in("intake.Dockerfile", "python:3.11-slim", "python:3.12-slim"),
    ),
    "other dagster pin": (
        check_images_match_pyproject,
        lambda d: setattr(d, "lock", d.lock.replace("\ndagster==1.13.27", "\ndagster==1.13.26")),
    ),
    "image not from the lock": (
        check_images_match_pyproject,
        _replace_in("intake.Dockerfile", "--require-hashes -r requirements.lock", "."),
    ),
    "other image name": (
        check_code_location_image,
        _set("compose.services.code_location.image", "registry.example/po_ingest:1"),
    ),
    "workspace elsewhere": (
        check_code_location_image,
        _set("workspace.load_from", [{"grpc_server": {"host": "localhost", "port": 4000}}]),
    ),
}


@pytest.mark.parametrize("check, mutate", WRONG.values(), ids=WRONG.keys())
def test_each_check_catches_a_wrong_value(check, mutate, deploy):
    wrong = copy.deepcopy(deploy)
    mutate(wrong)
    assert check(wrong), f"{check.__name__} found nothing wrong"


def test_every_command_parses_its_arguments(deploy):
    """Beyond existing: each command accepts its arguments (`--help` after them exits 0). A
    command that appears twice (a Dockerfile's CMD that a service repeats) runs once."""
    commands = _commands(deploy)
    procs = {
        argv: subprocess.Popen(
            [str(BIN / argv[0]), *argv[1:], "--help"],
            stdout=subprocess.DEVNULL,
            stderr=subprocess.PIPE,
            cwd=REPO_ROOT,
        )
        for argv in {tuple(argv) for argv in commands.values()}
    }
    errors = {argv: p.communicate(timeout=120)[1].decode()[-500:] for argv, p in procs.items()}
    failed = {
        where: errors[tuple(argv)]
        for where, argv in commands.items()
        if procs[tuple(argv)].returncode
    }
    assert failed == {}


@pytest.mark.postgres
def test_instance_config_validates_and_loads_on_postgres(tmp_path, monkeypatch):
    """docker/dagster.yaml minus the run launcher (dagster-docker is not installed here) is a
    valid instance config: Dagster loads it, creates its tables, and reads our settings."""
    dagster_home = tmp_path / "dagster_home"
    dagster_home.mkdir()
    (dagster_home / "dagster.yaml").write_text(yaml.safe_dump(instance_config_without_launcher()))
    with empty_postgres_database() as db_name:
        for key, value in pg_env(db_name).items():
            monkeypatch.setenv(key, value)
        monkeypatch.setenv("DAGSTER_HOME", str(dagster_home))
        with dg.DagsterInstance.get() as instance:
            assert type(instance.run_storage).__name__ == "PostgresRunStorage"
            assert type(instance.run_coordinator).__name__ == "QueuedRunCoordinator"
            assert instance.run_retries_enabled and instance.run_retries_max_retries == 1
            assert instance.run_retries_retry_on_asset_or_op_failure is False
            assert instance.run_monitoring_enabled
            pools = instance.get_concurrency_config().pool_config
            assert (pools.pool_granularity.value, pools.default_pool_limit) == ("op", None)
            assert instance.get_runs() == []


@pytest.mark.postgres
def test_instance_config_with_a_wrong_key_is_refused(tmp_path, monkeypatch):
    config = instance_config_without_launcher({"run_retries": {"retry_on_op_failure": False}})
    (tmp_path / "dagster.yaml").write_text(yaml.safe_dump(config))
    monkeypatch.setenv("DAGSTER_HOME", str(tmp_path))
    with pytest.raises(dg.DagsterInvalidConfigError):
        dg.DagsterInstance.get()
