"""``error_server.py`` over the legacy HTTP+SSE transport, written by hand (the SDK's server would refuse
to send an invalid error object): ``sse_error_server.py PORT '{"code": "x", ...}'``.

GET /sse opens the event stream and names the endpoint; each POST /messages is accepted (202) and its
answer goes out on the stream, as the 2024-11-05 transport does.
"""

from __future__ import annotations

import asyncio
import json
import sys
from collections.abc import AsyncIterator

import uvicorn
from error_server import answer
from starlette.applications import Starlette
from starlette.requests import Request
from starlette.responses import Response, StreamingResponse
from starlette.routing import Route

ERROR = json.loads(sys.argv[2])
outbox: asyncio.Queue[dict] = asyncio.Queue()


async def events(request: Request) -> StreamingResponse:
    async def stream() -> AsyncIterator[str]:
        yield "event: endpoint\ndata: /messages?session_id=1\n\n"
        while True:
            yield f"event: message\ndata: {json.dumps(await outbox.get())}\n\n"

    return StreamingResponse(stream(), media_type="text/event-stream")


async def messages(request: Request) -> Response:
    if (reply := answer(await request.json(), ERROR)) is not None:
        await outbox.put(reply)
    return Response(status_code=202)


app = Starlette(routes=[Route("/sse", events), Route("/messages", messages, methods=["POST"])])

if __name__ == "__main__":
    uvicorn.run(app, host="127.0.0.1", port=int(sys.argv[1]), log_level="warning")
