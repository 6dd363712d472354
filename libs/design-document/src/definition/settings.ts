import { Type } from '@sinclair/typebox';
import { Closed, OneOf, Tagged } from './kit';
import { translations } from './languages';

// What each mode adds to the body: an email's subject, a popup's behaviour, a document's pages.

const margin = Type.Number({ minimum: 0, maximum: 100 });

export const SETTINGS = {
  emailSettings: Closed({
    subject: Type.String({ maxLength: 255 }),
    preheader: Type.Optional(Type.String({ maxLength: 255 })),
    translations: translations('emailSettingsTranslation'),
  }),
  pageSettings: Closed({
    title: Type.String({ minLength: 1, maxLength: 200 }),
    description: Type.Optional(Type.String({ maxLength: 500 })),
    translations: translations('pageSettingsTranslation'),
  }),
  popupTrigger: Tagged('type', [
    Closed({ type: Type.Literal('load') }),
    Closed({ type: Type.Literal('delay'), seconds: Type.Integer({ minimum: 1, maximum: 600 }) }),
    Closed({ type: Type.Literal('exitIntent') }),
    Closed({ type: Type.Literal('scroll'), percent: Type.Integer({ minimum: 1, maximum: 100 }) }),
  ]),
  popupSettings: Closed({
    label: Type.String({ description: 'What the popup is, for screen readers.', minLength: 1, maxLength: 200 }),
    position: OneOf(['center', 'top', 'bottom', 'top-left', 'top-right', 'bottom-left', 'bottom-right']),
    width: Type.Integer({ minimum: 200, maximum: 1200 }),
    maxHeight: Type.Optional(Type.Integer({ description: 'percent of the viewport height', minimum: 20, maximum: 100 })),
    overlay: Type.Optional(
      Closed({
        show: Type.Boolean(),
        color: Type.Optional(Type.Ref('color')),
        opacity: Type.Optional(Type.Number({ minimum: 0, maximum: 1 })),
        closeOnClick: Type.Optional(Type.Boolean()),
      }),
    ),
    closeButton: Type.Optional(Closed({ show: Type.Boolean(), color: Type.Optional(Type.Ref('color')), position: Type.Optional(OneOf(['inside', 'outside'])) })),
    trigger: Type.Ref('popupTrigger'),
    frequency: Closed({
      type: OneOf(['always', 'oncePerSession', 'once', 'everyDays']),
      days: Type.Optional(Type.Integer({ description: 'with everyDays', minimum: 1, maximum: 365 })),
    }),
    translations: translations('popupSettingsTranslation'),
  }),
  margins: Closed({ top: margin, right: margin, bottom: margin, left: margin }, { description: 'mm' }),
  pageBand: Closed(
    {
      blocks: Type.Array(Type.Ref('block'), { maxItems: 10 }),
      style: Type.Optional(
        Closed({ padding: Type.Optional(Type.Ref('padding')), backgroundColor: Type.Optional(Type.Ref('color')), border: Type.Optional(Type.Ref('border')) }),
      ),
    },
    { description: 'A header or footer repeated on every printed page.' },
  ),
  documentSettings: Closed({
    title: Type.Optional(Type.String({ maxLength: 200 })),
    pageSize: OneOf(['A4', 'A5', 'A3', 'Letter', 'Legal']),
    orientation: OneOf(['portrait', 'landscape']),
    margins: Type.Ref('margins'),
    header: Type.Optional(Type.Ref('pageBand')),
    footer: Type.Optional(Type.Ref('pageBand')),
    pageNumbers: Type.Optional(Type.Boolean({ description: 'Prints "page / pages" at the bottom right margin.' })),
    translations: translations('documentSettingsTranslation'),
  }),
};
