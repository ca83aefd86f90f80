/**
 * The Studio's own form widgets for @rjsf/core, chosen by the schema keywords of
 * schemas/defs.schema.json: "x-link": true (LinkWidget), "x-asset": true (AssetWidget),
 * "x-ref": "<collection>" (RecordWidget), "x-markdown": "inline" | "block" (MarkdownWidget).
 * They read what they offer through useStudio() (../context.ts). Their styles: ../widgets.css.
 *
 *   <Form widgets={studioWidgets} uiSchema={{ field: { "ui:widget": widgetFor(fieldSchema) } }} … />
 */
import type { RegistryWidgetsType } from "@rjsf/utils";
import { AssetWidget } from "./AssetWidget.tsx";
import { LinkWidget } from "./LinkWidget.tsx";
import { MarkdownWidget } from "./MarkdownWidget.tsx";
import { RecordWidget } from "./RecordWidget.tsx";

export const studioWidgets: RegistryWidgetsType = { LinkWidget, AssetWidget, RecordWidget, MarkdownWidget };

export { widgetFor } from "./logic.ts";
export { AssetWidget, LinkWidget, MarkdownWidget, RecordWidget };
