"""A tiny REST store kept in memory: collections of JSON objects addressed as /collection/id."""

from __future__ import annotations

import copy
from dataclasses import dataclass, field
from typing import Any

Json = dict[str, Any]


@dataclass(frozen=True)
class Response:
    status: int
    body: Any = None


def _seed() -> dict[str, dict[str, Json]]:
    return {
        "notes": {
            "1": {"id": "1", "text": "Buy oat milk"},
            "2": {"id": "2", "text": "Water the plants"},
        },
        "users": {"1": {"id": "1", "name": "Ada", "role": "admin"}},
    }


@dataclass
class RestStore:
    """GET/HEAD read, POST creates, PUT creates or replaces, PATCH merges, DELETE removes."""

    collections: dict[str, dict[str, Json]] = field(default_factory=_seed)
    next_id: int = 100

    def handle(self, method: str, path: str, body: Json | None) -> Response:
        parts = [p for p in path.strip().split("/") if p]
        if not parts or len(parts) > 2:
            return Response(404, {"error": "use /collection or /collection/id, for example /notes/1"})
        name, item = parts[0], parts[1] if len(parts) == 2 else None
        collection = self.collections.get(name)
        if method in ("GET", "HEAD"):
            if collection is None or (item is not None and item not in collection):
                return Response(404, {"error": f"{path} does not exist"})
            found = list(collection.values()) if item is None else collection[item]
            return Response(200, None if method == "HEAD" else copy.deepcopy(found))
        if method == "POST":
            if item is not None:
                return Response(405, {"error": "POST to a collection, like /notes"})
            new_id = str(self.next_id)
            self.next_id += 1
            created = {**(body or {}), "id": new_id}
            self.collections.setdefault(name, {})[new_id] = created
            return Response(201, copy.deepcopy(created))
        if item is None:
            if method == "DELETE" and collection is not None:
                del self.collections[name]
                return Response(204)
            return Response(405 if collection is not None else 404, {"error": f"{method} needs /{name}/<id>"})
        if method == "PUT":
            existed = collection is not None and item in collection
            self.collections.setdefault(name, {})[item] = {**(body or {}), "id": item}
            return Response(200 if existed else 201, copy.deepcopy(self.collections[name][item]))
        if collection is None or item not in collection:
            return Response(404, {"error": f"{path} does not exist"})
        if method == "PATCH":
            collection[item] = {**collection[item], **(body or {}), "id": item}
            return Response(200, copy.deepcopy(collection[item]))
        if method == "DELETE":
            del collection[item]
            return Response(204)
        return Response(405, {"error": f"unsupported method {method}"})
