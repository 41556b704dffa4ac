"""One module per page: ``view(model) -> VNode``, and ``update(model, msg, ctx) -> Model``."""
