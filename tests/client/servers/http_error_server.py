"""``error_server.py`` over streamable HTTP, written by hand (each answer as one JSON body, sent as is):
``http_error_server.py PORT '{"code": "x", ...}'``. Notifications are accepted (202) and get no answer."""

from __future__ import annotations

import json
import sys

import uvicorn
from error_server import answer
from starlette.applications import Starlette
from starlette.requests import Request
from starlette.responses import Response
from starlette.routing import Route

ERROR = json.loads(sys.argv[2])


async def mcp(request: Request) -> Response:
    reply = answer(await request.json(), ERROR)
    if reply is None:
        return Response(status_code=202)
    return Response(json.dumps(reply), media_type="application/json")


app = Starlette(routes=[Route("/mcp", mcp, methods=["POST"])])

if __name__ == "__main__":
    uvicorn.run(app, host="127.0.0.1", port=int(sys.argv[1]), log_level="warning")
