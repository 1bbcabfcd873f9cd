"""The floor for "tools on screen": the mcp SDK alone connects to one stdio server and prints its tools.

python bench/bare_sdk.py [--titles] COMMAND [ARGS...]
"""

import sys

import anyio
from mcp import Client, StdioServerParameters


async def main(titles: bool, command: list[str]) -> None:
    params = StdioServerParameters(command=command[0], args=command[1:])
    async with Client(params, mode="legacy") as client:
        tools = (await client.list_tools()).tools
        print(" ".join((t.title or t.name) if titles else t.name for t in tools), flush=True)


if __name__ == "__main__":
    argv = sys.argv[1:]
    titles = argv[:1] == ["--titles"]
    anyio.run(main, titles, argv[1:] if titles else argv)
