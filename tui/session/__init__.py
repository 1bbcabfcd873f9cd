"""The core session every front end drives (see ``tui.session.session``). Never imports Textual."""
