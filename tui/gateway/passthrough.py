"""Resources and prompts of the configured servers, passed through to agents read-only.

Listing, reading a resource and getting a prompt go to the server that offers them; nothing else does
(no subscriptions, no completions). Prompts are named as tools are (``SERVER__NAME`` with several
servers). A resource is read from the one server that listed its URI; a URI two servers list is left
out, as a shared tool name is, and a URI no server listed (one made from a template) is read only when a
single server offers resources.
"""

from __future__ import annotations

import base64
from typing import TYPE_CHECKING, Any

from tui.gateway.names import SEPARATOR
from tui.model.agents import RefusedRequest
from tui.model.features import FeatureError, PromptInfo, ResourceContent

if TYPE_CHECKING:
    from tui.session.session import Session


def _without_none(fields: dict[str, Any]) -> dict[str, Any]:
    return {key: value for key, value in fields.items() if value is not None}


def content_dict(content: ResourceContent) -> dict[str, Any]:
    found = {"uri": content.uri, "mimeType": content.mime_type}
    if content.blob is not None:
        return _without_none({**found, "blob": base64.b64encode(content.blob).decode("ascii")})
    return _without_none({**found, "text": content.text or ""})


class ReadOnlyFeatures:
    session: Session

    def _offering(self, feature: str) -> list[str]:
        return [s.name for s in self.session.servers if feature in self.session.capabilities(s.name)]

    async def _resource_owners(self) -> tuple[dict[str, tuple[str, dict[str, Any]]], list[dict[str, Any]]]:
        """URI -> (server, entry) for every URI exactly one server lists; and every template."""
        owners: dict[str, list[tuple[str, dict[str, Any]]]] = {}
        templates: list[dict[str, Any]] = []
        for server in self._offering("resources"):
            try:
                listing = await self.session.features.resources(server)
            except FeatureError:
                continue  # that server is not answering: the others still are
            for entry in listing.resources:
                fields: dict[str, Any] = {"uri": entry.uri, "name": entry.name, "title": entry.title}
                fields |= {"description": entry.description, "mimeType": entry.mime_type, "size": entry.size}
                owners.setdefault(entry.uri, []).append((server, _without_none(fields)))
            for template in listing.templates:
                fields = {
                    "uriTemplate": template.uri_template,
                    "name": template.name,
                    "title": template.title,
                }
                fields |= {"description": template.description, "mimeType": template.mime_type}
                templates.append(_without_none(fields))
        unique = {uri: claims[0] for uri, claims in owners.items() if len(claims) == 1}
        return unique, templates

    async def list_resources(self) -> list[dict[str, Any]]:
        owners, _ = await self._resource_owners()
        return [entry for _server, entry in owners.values()]

    async def list_resource_templates(self) -> list[dict[str, Any]]:
        _, templates = await self._resource_owners()
        return templates

    async def read_resource(self, uri: str) -> list[dict[str, Any]]:
        owners, _ = await self._resource_owners()
        offering = self._offering("resources")
        if uri in owners:
            server = owners[uri][0]
        elif len(offering) == 1:
            server = offering[0]
        else:
            raise RefusedRequest(f"no single server lists the resource {uri!r}; list the resources first")
        try:
            contents = await self.session.features.read_resource(server, uri)
        except FeatureError as error:
            raise RefusedRequest(str(error)) from None
        return [content_dict(content) for content in contents]

    async def _prompts(self) -> dict[str, tuple[str, PromptInfo]]:
        prefixed = len(self.session.servers) > 1
        claims: dict[str, list[tuple[str, PromptInfo]]] = {}
        for server in self._offering("prompts"):
            try:
                prompts = await self.session.features.prompts(server)
            except FeatureError:
                continue
            for prompt in prompts:
                public = f"{server}{SEPARATOR}{prompt.name}" if prefixed else prompt.name
                claims.setdefault(public, []).append((server, prompt))
        return {public: found[0] for public, found in claims.items() if len(found) == 1}

    async def list_prompts(self) -> list[dict[str, Any]]:
        return [
            _without_none(
                {
                    "name": public,
                    "title": prompt.title,
                    "description": prompt.description,
                    "arguments": [
                        _without_none({"name": a.name, "description": a.description, "required": a.required})
                        for a in prompt.arguments
                    ],
                }
            )
            for public, (_server, prompt) in (await self._prompts()).items()
        ]

    async def get_prompt(self, name: str, arguments: dict[str, str]) -> dict[str, Any]:
        found = (await self._prompts()).get(name)
        if found is None:
            raise RefusedRequest(f"no prompt is served as {name!r}")
        server, prompt = found
        try:
            result = await self.session.features.get_prompt(server, prompt.name, arguments)
        except FeatureError as error:
            raise RefusedRequest(str(error)) from None
        messages = [{"role": m.role, "content": m.raw_content} for m in result.messages]
        return _without_none({"description": result.description, "messages": messages})
