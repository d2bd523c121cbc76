import { boolean, integer, jsonb, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { bytea } from '../../database/columns.js';

export const conferenceTable = pgTable('conference', {
  id: serial('id').primaryKey(),
  shortName: text('short_name').notNull().default(''),
  fullName: text('full_name').notNull().default(''),
  externalUrl: text('external_url').notNull().default(''),
  dates: text('dates').notNull().default(''),
  city: text('city').notNull().default(''),
  country: text('country').notNull().default(''),
  copyright: text('copyright').notNull().default(''),
  support: text('support').notNull().default(''),
  hotel: text('hotel').notNull().default(''),
  address: text('address').notNull().default(''),
  authorView: jsonb('author_view')
    // viewProgrammeOrganizations absent (rows before it existed): true.
    .$type<{ viewConferenceTrackStatus: boolean; viewProgrammeOrganizations?: boolean }>()
    .notNull()
    .default({ viewConferenceTrackStatus: false }),
  programTable: text('program_table').notNull().default(''),
  consentFileUpload: boolean('consent_file_upload').notNull().default(false),
  digitalConsentSigning: boolean('digital_consent_signing').notNull().default(false),
  consentButtonLabel: text('consent_button_label').notNull().default('Sign the consent form'),
  publishingAgreementHtml: text('publishing_agreement_html').notNull().default(''),
  agreementVersion: integer('agreement_version').notNull().default(1),
  /** IANA time zone of the conference: programme times are local to it. */
  timeZone: text('time_zone').notNull().default('UTC'),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Banner and logo images of the conference (small; validated as images). */
export const conferenceImagesTable = pgTable(
  'conference_images',
  {
    id: serial('id').primaryKey(),
    conferenceId: integer('conference_id')
      .notNull()
      .references(() => conferenceTable.id, { onDelete: 'cascade' }),
    /** 'banner' or 'logo': one of each per conference. */
    kind: text('kind').notNull(),
    contentType: text('content_type').notNull(),
    data: bytea('data').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('conference_images_kind_key').on(t.conferenceId, t.kind)],
);
export type ConferenceRow = typeof conferenceTable.$inferSelect;
