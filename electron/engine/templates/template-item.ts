// A server's resource template, reduced to the contract's TemplateItem. Server content is untrusted: only
// known fields of the right type are kept, long text is cut, and annotations outside the spec are dropped.
import type { ResourceTemplateType } from '@modelcontextprotocol/client';
import type { Annotations, Icon, ServerId, TemplateItem } from '../../../shared/contract';

const maxText = 4000;

export function toTemplateItem(serverId: ServerId, template: ResourceTemplateType): TemplateItem {
  return {
    serverId,
    uriTemplate: template.uriTemplate,
    name: clip(template.name),
    ...(typeof template.title === 'string' && { title: clip(template.title) }),
    ...(typeof template.description === 'string' && { description: clip(template.description) }),
    ...(typeof template.mimeType === 'string' && { mimeType: clip(template.mimeType) }),
    ...(template.annotations && { annotations: toAnnotations(template.annotations) }),
    ...(Array.isArray(template.icons) && { icons: template.icons.slice(0, 8).map(toIcon) })
  };
}

function toAnnotations(raw: { audience?: string[]; priority?: number; lastModified?: string }): Annotations {
  const audience = raw.audience?.filter((a): a is 'user' | 'assistant' => a === 'user' || a === 'assistant');
  return {
    ...(audience?.length && { audience }),
    ...(typeof raw.priority === 'number' && raw.priority >= 0 && raw.priority <= 1 && { priority: raw.priority }),
    ...(typeof raw.lastModified === 'string' && { lastModified: raw.lastModified })
  };
}

function toIcon(icon: { src: string; mimeType?: string; sizes?: string[]; theme?: 'light' | 'dark' }): Icon {
  return {
    src: icon.src,
    ...(icon.mimeType && { mimeType: icon.mimeType }),
    ...(icon.sizes && { sizes: icon.sizes }),
    ...(icon.theme && { theme: icon.theme })
  };
}

function clip(text: string): string {
  return text.length > maxText ? `${text.slice(0, maxText)}…` : text;
}
