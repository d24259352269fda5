"""`scythe-sim report`: a balance report of one or more runs."""

import click


from .common import NO_VERIFY


@click.command()
@click.argument("run_dirs", nargs=-1, required=True)
@click.option("--out", "out_dir", help="Report folder (default: <first run>/report).")
@click.option("--no-verify", is_flag=True, help=NO_VERIFY)
def report(run_dirs, out_dir, no_verify):
    """Write a balance report (index.md, index.html, PNG, CSV) for one or more runs."""
    import os

    from analysis import runs
    from analysis.report import build_report

    runs.VERIFY_HASHES = not no_verify
    out_dir = out_dir or os.path.join(run_dirs[0], "report")
    index = build_report(run_dirs, out_dir)
    click.echo(f"report: {index} (and index.html beside it)")
