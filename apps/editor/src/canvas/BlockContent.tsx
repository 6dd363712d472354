import { type Block, type DesignDocument, textsEditable } from '@embed/design-document/model';
import { type BlockPath, fitInsert, keyOf, PLACEHOLDER_IMAGE, type TextEdit } from '@embed/editor-core';
import { assetsPrefix, socialIconFile } from '@embed/render-core/assets';
import { socialLabel } from '@embed/render-core/defaults';
import type { EditorStore } from '../state/editor-store';
import { useTranslator } from '../views/i18n';
import { blockCss } from './canvas-styles';
import { HtmlPreview } from './HtmlPreview';
import { ImagePlaceholder } from './ImagePlaceholder';
import { RichTextEditor } from './RichTextEditor';
import { RichTextView } from './RichTextView';

/** How a block looks on the canvas, laid out as the renderer does; text and headings are edited in place. */
export function BlockContent({ block, path, store }: { block: Block; path: BlockPath; store: EditorStore }) {
  const { t } = useTranslator();
  const mode: DesignDocument['mode'] = store.doc.mode;
  const { box, inner } = blockCss(block, mode);
  // Typing into one block, pause after pause, is one undo step per pause.
  const coalesceKey = `rich-text:${keyOf(block)}`;
  // A locked row's texts, and a synced row's the integrator did not make editable, are shown, not typed in: the service keeps them.
  const shownOnly = store.readOnly || !textsEditable(store.doc.body.rows[path.row], block);
  const onEdit = (edit: TextEdit) => store.dispatch({ type: 'editText', at: path, edit });
  const onInsert = (edit: Extract<TextEdit, { kind: 'insert' }>) => {
    const fitted = fitInsert(store.doc, path, edit);
    return fitted && store.dispatch({ type: 'editText', at: path, edit: fitted.edit }) ? fitted : null;
  };
  switch (block.type) {
    case 'text':
      if (shownOnly) return <RichTextView kind="text" value={block.content} style={inner} />;
      return (
        <RichTextEditor
          kind="text"
          label={t('block.text')}
          value={block.content}
          style={inner}
          onChange={(content) => store.dispatch({ type: 'setRichText', at: path, content }, { coalesceKey, shown: true })}
          onEdit={onEdit}
          onInsert={onInsert}
        />
      );
    case 'heading':
      if (shownOnly) return <RichTextView kind="heading" value={block.content} style={inner} />;
      return (
        <RichTextEditor
          kind="heading"
          label={t('canvas.heading', { level: block.level })}
          value={block.content}
          style={inner}
          onChange={(content) => store.dispatch({ type: 'setRichText', at: path, content }, { coalesceKey, shown: true })}
          onEdit={onEdit}
          onInsert={onInsert}
        />
      );
    case 'image':
      if (block.src === PLACEHOLDER_IMAGE) return <ImagePlaceholder store={store} path={path} box={box} inner={inner} />;
      return (
        <div class="block-box" style={box}>
          <img src={block.src} alt={block.alt ?? ''} style={inner} />
        </div>
      );
    case 'video':
      return (
        <div class="block-box" style={box}>
          <span class="video">
            <img src={block.thumbnail} alt={block.alt ?? ''} style={inner} />
            <span class="play" aria-hidden="true" />
          </span>
        </div>
      );
    case 'button':
      return (
        <div class="block-box" style={box}>
          <span class="button-preview" style={inner}>
            {block.text}
          </span>
        </div>
      );
    case 'divider':
      return (
        <div class="block-box" style={box}>
          <hr class="divider" style={inner} />
        </div>
      );
    case 'spacer':
      return <div class="spacer" style={inner} />;
    case 'social': {
      const size = block.style?.iconSize ?? 24;
      return (
        <div style={box}>
          <ul class="inline-list" style={inner}>
            {block.links.map((link, i) => (
              <li key={i} class="social-link">
                {/* The renderer's own icon, as every export shows it (render-core's assets). */}
                <img src={assetsPrefix() + socialIconFile(link.network)} width={size} height={size} alt={block.style?.showLabels ? '' : socialLabel(link)} />
                {block.style?.showLabels && <span>{socialLabel(link)}</span>}
              </li>
            ))}
          </ul>
        </div>
      );
    }
    case 'menu':
      return (
        <div style={box}>
          <ul class="inline-list menu" style={inner}>
            {block.items.map((item, i) => (
              <li key={i}>
                {i > 0 && mode === 'email' && <span aria-hidden="true">{` ${block.style?.separator ?? '|'} `}</span>}
                <span class="menu-item">{item.text}</span>
              </li>
            ))}
          </ul>
        </div>
      );
    case 'html':
      return (
        <div class="block-box" style={box}>
          <HtmlPreview html={block.html} bodyStyle={store.doc.body.style} />
        </div>
      );
    case 'form':
      return (
        <div class="block-box form-preview" style={box}>
          {block.fields.map((field) => (
            <div key={field.name} class="form-field">
              <span>{field.label}</span>
              {field.kind === 'checkbox' ? <span class="fake-check" /> : <span class="fake-input">{field.placeholder ?? ''}</span>}
            </div>
          ))}
          <span class="button-preview" style={inner}>
            {block.submitText}
          </span>
        </div>
      );
  }
}
