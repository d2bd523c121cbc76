import { eq } from 'drizzle-orm';
import { CONFERENCE_MESSAGES, type ConferenceDto } from '@symposium/domain';
import {
  conferenceImagesTable,
  conferenceTable,
} from '../../apps/api/src/modules/conference/conference.table.js';
import { usersTable } from '../../apps/api/src/modules/users/users.table.js';
import { createTestApp, type TestApp } from '../support/app.js';

type Auth = [string, string];

const PNG = Buffer.from([
  0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52,
]);
const JPEG = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 16, 0x4a, 0x46, 0x49, 0x46, 0]);
const GIF = Buffer.from('GIF89a\x01\x00\x01\x00', 'latin1');
const WEBP = Buffer.concat([Buffer.from('RIFF'), Buffer.from([0, 0, 0, 0]), Buffer.from('WEBPVP8 ')]);
const PDF = Buffer.from('%PDF-1.7\n%...');
const SVG = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>');

const REQUIRED = {
  shortName: 'ICOSS',
  fullName: 'Open Software Systems',
  dates: '1-3 June',
  city: 'Lisbon',
  country: 'Portugal',
};

describe('conference API', () => {
  let t: TestApp;
  let chair: Auth;
  let author: Auth;
  let cochair: Auth;
  let reviewer: Auth;
  let authorId: number;

  const row = async () => (await t.db.select().from(conferenceTable).where(eq(conferenceTable.id, 1)))[0]!;
  const images = () => t.db.select().from(conferenceImagesTable);
  const put = (as: Auth = chair) => t.call('put', '/api/chair/conference/1', as);
  const multipart = (fields: Record<string, string>, as: Auth = chair) => {
    let req = put(as);
    for (const [k, v] of Object.entries(fields)) req = req.field(k, v);
    return req;
  };

  beforeAll(async () => {
    t = await createTestApp();
    chair = (await t.user({ roles: { chair: { is: true } } })).auth;
    const a = await t.user();
    author = a.auth;
    authorId = a.id;
    cochair = (await t.user({ roles: { coChair: { is: true, tracks: [1] } } })).auth;
    reviewer = (await t.user({ roles: { reviewer: { is: true, tracks: [1], count: 0 } } })).auth;
  });
  afterAll(async () => {
    await t.close();
  });

  describe('reading', () => {
    it('answers the start-up call GET /api/author/conference with the conference', async () => {
      const res = await t.call('get', '/api/author/conference', author).expect(200);
      const c = res.body as ConferenceDto;
      expect(c).toMatchObject({
        _id: 1,
        externalURL: '',
        authorView: { viewConferenceTrackStatus: false },
        banner: null,
        logo: null,
        consentButtonLabel: 'Sign the consent form',
        agreementVersion: 1,
      });
      expect(Object.keys(c).sort()).toEqual(
        [
          '_id',
          'shortName',
          'fullName',
          'externalURL',
          'dates',
          'city',
          'country',
          'copyright',
          'support',
          'hotel',
          'address',
          'authorView',
          'programTable',
          'banner',
          'logo',
          'consentFileUpload',
          'digitalConsentSigning',
          'consentButtonLabel',
          'publishingAgreementHtml',
          'agreementVersion',
          'timeZone',
        ].sort(),
      );
      for (const auth of [reviewer, cochair]) await t.call('get', '/api/author/conference', auth).expect(200);
    });

    it('gets the conference by id for authors and chairs, 404 for any other id, 400 for a malformed one', async () => {
      const a = await t.call('get', '/api/author/conference/1', author).expect(200);
      const c = await t.call('get', '/api/chair/conference/1', chair).expect(200);
      expect(a.body).toEqual(c.body);
      const missing = await t.call('get', '/api/author/conference/2', author).expect(404);
      expect(missing.body).toMatchObject({ code: 'conference.not_found', message: 'Conference not found' });
      await t.call('get', '/api/chair/conference/2', chair).expect(404);
      for (const id of ['abc', '0', '-1', '1.0', '1e0', '99999999999'])
        expect((await t.call('get', `/api/chair/conference/${id}`, chair)).status).toBe(404);
    });

    it('refuses anonymous callers, and non-chairs on the chair routes', async () => {
      await t.http().get('/api/author/conference').expect(401);
      await t.call('get', '/api/chair/conference/1', author).expect(403);
      await t.call('get', '/api/chair/conference/1', cochair).expect(403);
    });

    it('answers 404 for a banner or logo that was never uploaded, even to anonymous callers', async () => {
      const res = await t.http().get('/api/author/conference/1/banner').expect(404);
      expect(res.body.message).toBe('Image not found');
      await t.http().get('/api/author/conference/1/logo').expect(404);
      await t.http().get('/api/author/conference/7/logo').expect(404);
      await t.http().get('/api/author/conference/x/logo').expect(404);
    });
  });

  describe('the chair saves the conference information (multipart)', () => {
    it('stores the text fields, booleans given as text, authorView as JSON, and banner and logo images', async () => {
      const res = await multipart({
        ...REQUIRED,
        shortName: '  ICOSS 2027 ',
        externalURL: 'https://icoss.example.org',
        copyright: '© ICOSS',
        support: 'help@example.org',
        hotel: 'Hotel Avenida',
        address: 'Campo Grande',
        programTable: '<table><tr><td onclick="x()">Day 1</td></tr></table><script>alert(1)</script>',
        authorView: '{"viewConferenceTrackStatus":true}',
        consentFileUpload: 'true',
        digitalConsentSigning: 'false',
      })
        .attach('banner', PNG, { filename: 'banner.png', contentType: 'image/png' })
        .attach('logo', JPEG, { filename: 'logo.jpg', contentType: 'image/jpeg' })
        .expect(200);
      const c = res.body as ConferenceDto;
      expect(c).toMatchObject({
        shortName: 'ICOSS 2027',
        fullName: 'Open Software Systems',
        externalURL: 'https://icoss.example.org',
        dates: '1-3 June',
        city: 'Lisbon',
        country: 'Portugal',
        copyright: '© ICOSS',
        support: 'help@example.org',
        hotel: 'Hotel Avenida',
        address: 'Campo Grande',
        authorView: { viewConferenceTrackStatus: true },
        consentFileUpload: true,
        digitalConsentSigning: false,
        programTable: '<table><tr><td>Day 1</td></tr></table>',
      });
      expect(c.banner).toMatch(/^\/api\/author\/conference\/1\/banner\?v=\d+$/);
      expect(c.logo).toMatch(/^\/api\/author\/conference\/1\/logo\?v=\d+$/);
      const stored = await row();
      expect(stored).toMatchObject({ shortName: 'ICOSS 2027', externalUrl: 'https://icoss.example.org' });
      expect(stored.authorView).toEqual({
        viewConferenceTrackStatus: true,
        viewProgrammeOrganizations: true,
      });
      const imgs = await images();
      expect(imgs.map((i) => [i.kind, i.contentType]).sort()).toEqual([
        ['banner', 'image/png'],
        ['logo', 'image/jpeg'],
      ]);
      const after = await t.call('get', '/api/author/conference', author).expect(200);
      expect(after.body).toEqual(c);
    });

    it('serves the banner and logo bytes to anyone, typed by content, with nosniff', async () => {
      const c = (await t.call('get', '/api/author/conference', author)).body as ConferenceDto;
      const banner = await t.http().get(c.banner!).buffer(true).expect(200);
      expect(banner.headers['content-type']).toBe('image/png');
      expect(banner.headers['x-content-type-options']).toBe('nosniff');
      expect(Buffer.compare(banner.body as Buffer, PNG)).toBe(0);
      const logo = await t.http().get('/api/author/conference/1/logo').buffer(true).expect(200);
      expect(logo.headers['content-type']).toBe('image/jpeg');
      expect(Buffer.compare(logo.body as Buffer, JPEG)).toBe(0);
    });

    it('accepts GIF and WebP, replacing the image and changing its URL', async () => {
      const before = (await t.call('get', '/api/author/conference', author)).body as ConferenceDto;
      await new Promise((r) => setTimeout(r, 5));
      const res = await multipart(REQUIRED)
        .attach('banner', GIF, 'b.gif')
        .attach('logo', WEBP, 'l.webp')
        .expect(200);
      expect(res.body.banner).not.toBe(before.banner);
      const imgs = await images();
      expect(imgs).toHaveLength(2);
      expect(imgs.map((i) => [i.kind, i.contentType]).sort()).toEqual([
        ['banner', 'image/gif'],
        ['logo', 'image/webp'],
      ]);
      const banner = await t.http().get('/api/author/conference/1/banner').buffer(true).expect(200);
      expect(banner.headers['content-type']).toBe('image/gif');
    });

    it('keeps the images when a save sends no files, or sends back their URLs', async () => {
      const c = (await multipart({ ...REQUIRED, hotel: 'Other hotel' }).expect(200)).body as ConferenceDto;
      expect(c.banner).not.toBeNull();
      const again = await multipart({ ...REQUIRED, banner: c.banner!, logo: c.logo! }).expect(200);
      expect(again.body.banner).toBe(c.banner);
      expect(await images()).toHaveLength(2);
    });

    it('takes authorView.viewConferenceTrackStatus as a field of its own', async () => {
      await multipart({ ...REQUIRED, 'authorView.viewConferenceTrackStatus': 'false' }).expect(200);
      expect((await row()).authorView).toEqual({
        viewConferenceTrackStatus: false,
        viewProgrammeOrganizations: true,
      });
      await multipart({ ...REQUIRED, 'authorView.viewConferenceTrackStatus': 'true' }).expect(200);
      expect((await row()).authorView).toEqual({
        viewConferenceTrackStatus: true,
        viewProgrammeOrganizations: true,
      });
    });

    it.each([
      ['a PDF named .png', PDF, 'banner.png', 'image/png'],
      ['an SVG', SVG, 'logo.svg', 'image/svg+xml'],
      ['an empty file', Buffer.alloc(0), 'empty.png', 'image/png'],
    ])(
      "refuses %s ('Please select a valid file') and stores nothing",
      async (_label, bytes, filename, contentType) => {
        const before = await row();
        const imgsBefore = await images();
        const res = await multipart({ ...REQUIRED, city: 'Changed' })
          .attach('logo', bytes, { filename, contentType })
          .expect(400);
        expect(res.body).toMatchObject({
          code: 'conference.invalid_file',
          message: 'Please select a valid file',
        });
        expect((await row()).city).toBe(before.city);
        expect(await images()).toEqual(imgsBefore);
      },
    );

    it("refuses an image above 2 MB ('Please select a valid file')", async () => {
      const big = Buffer.concat([PNG, Buffer.alloc(2 * 1024 * 1024)]);
      const res = await multipart(REQUIRED).attach('banner', big, 'big.png').expect(400);
      expect(res.body.message).toBe(CONFERENCE_MESSAGES.invalidFile);
    });

    it('refuses a file in any other part, and two banners', async () => {
      await multipart(REQUIRED).attach('other', PNG, 'x.png').expect(400);
      await multipart(REQUIRED).attach('banner', PNG, 'a.png').attach('banner', PNG, 'b.png').expect(400);
    });

    it.each(['shortName', 'fullName', 'dates', 'city', 'country'])(
      "refuses an empty %s ('Please check if you filled in all the fields')",
      async (field) => {
        const before = await row();
        const res = await multipart({ ...REQUIRED, [field]: '  ' }).expect(400);
        expect(res.body).toMatchObject({
          code: 'conference.incomplete',
          message: 'Please check if you filled in all the fields',
        });
        expect(res.body.details).toEqual([{ field, message: CONFERENCE_MESSAGES.fillAll }]);
        expect(await row()).toEqual(before);
      },
    );

    it.each([
      ['authorView not JSON', { authorView: '{oops' }],
      ['authorView without the flag', { authorView: '{}' }],
      ['authorView with an unknown key', { authorView: '{"viewConferenceTrackStatus":true,"x":1}' }],
      ['a boolean that is not true/false', { consentFileUpload: 'maybe' }],
      ['an unknown field', { sponsor: 'ACME' }],
      ['a too long short name', { shortName: 'x'.repeat(501) }],
    ])('answers 400, never 500, to %s', async (_label, fields) => {
      const res = await multipart({ ...REQUIRED, ...fields });
      expect(res.status).toBe(400);
    });

    it('refuses authors, track chairs and reviewers (403), and changes nothing', async () => {
      const before = await row();
      for (const auth of [author, cochair, reviewer])
        await multipart({ ...REQUIRED, city: 'Hijacked' }, auth)
          .attach('banner', PNG, 'x.png')
          .expect(403);
      expect(await row()).toEqual(before);
    });

    it('answers 404 for another conference id', async () => {
      await t.call('put', '/api/chair/conference/2', chair).field('city', 'X').expect(404);
    });
  });

  describe('the chair saves the conference information (JSON)', () => {
    it('stores the same fields from a JSON body, ignoring _id and agreementVersion sent back', async () => {
      const current = (await t.call('get', '/api/chair/conference/1', chair)).body as ConferenceDto;
      const res = await put()
        .send({
          ...current,
          city: 'Porto',
          authorView: { viewConferenceTrackStatus: false },
          digitalConsentSigning: true,
        })
        .expect(200);
      expect(res.body).toMatchObject({
        city: 'Porto',
        authorView: { viewConferenceTrackStatus: false },
        digitalConsentSigning: true,
        banner: current.banner,
      });
      expect((await row()).city).toBe('Porto');
    });

    it('stores the time zone by its canonical IANA name and refuses an unknown one', async () => {
      const res = await put().send({ timeZone: 'europe/lisbon' }).expect(200);
      expect(res.body.timeZone).toBe('Europe/Lisbon');
      expect((await row()).timeZone).toBe('Europe/Lisbon');
      for (const timeZone of ['Mars/Olympus_Mons', '', '../../etc/passwd'])
        expect((await put().send({ timeZone }).expect(400)).body.message).toBe(CONFERENCE_MESSAGES.timeZone);
      expect((await row()).timeZone).toBe('Europe/Lisbon');
    });

    it('removes the banner or logo sent as null', async () => {
      const res = await put().send({ banner: null }).expect(200);
      expect(res.body.banner).toBeNull();
      expect(res.body.logo).not.toBeNull();
      expect((await images()).map((i) => i.kind)).toEqual(['logo']);
      await t.http().get('/api/author/conference/1/banner').expect(404);
      await multipart({ ...REQUIRED, logo: '' }).expect(200);
      expect(await images()).toEqual([]);
    });

    it('updates single fields once the required ones are filled in', async () => {
      await put().send({ hotel: 'Hotel Lisboa' }).expect(200);
      expect((await row()).hotel).toBe('Hotel Lisboa');
    });

    it('refuses wrong types and unknown fields with 400', async () => {
      for (const body of [
        { city: 5 },
        { authorView: true },
        { authorView: { viewConferenceTrackStatus: 'sometimes' } },
        { consentFileUpload: 1 },
        { banner: 5 },
        { unknown: 'x' },
      ])
        expect((await put().send(body)).status).toBe(400);
    });
  });

  describe('publisher settings', () => {
    const publisher = (body: object, as: Auth = chair) =>
      t.call('put', '/api/chair/conference/1/publisher', as).send(body);

    it('stores copyright, consent options, the button label and the sanitized agreement, bumping its version', async () => {
      const before = (await row()).agreementVersion;
      const res = await publisher({
        copyright: '© 2027 Publisher',
        consentFileUpload: true,
        digitalConsentSigning: true,
        consentButtonLabel: 'Sign the agreement',
        publishingAgreementHtml:
          '<h2>Agreement</h2><p onmouseover="steal()">The author <b>agrees</b>.</p>' +
          '<a href="javascript:alert(1)">x</a><iframe src="https://evil.example"></iframe><form><input></form>' +
          '<style>p{}</style><object data="x"></object><embed src="y">',
      }).expect(200);
      expect(res.body).toMatchObject({
        copyright: '© 2027 Publisher',
        consentFileUpload: true,
        digitalConsentSigning: true,
        consentButtonLabel: 'Sign the agreement',
        publishingAgreementHtml: '<h2>Agreement</h2><p>The author <b>agrees</b>.</p><a>x</a>',
        agreementVersion: before + 1,
      });
      const stored = await row();
      expect(stored.publishingAgreementHtml).toBe(
        '<h2>Agreement</h2><p>The author <b>agrees</b>.</p><a>x</a>',
      );
      expect(stored.agreementVersion).toBe(before + 1);
    });

    it('keeps the agreement version when the text does not change', async () => {
      const before = await row();
      await publisher({ publishingAgreementHtml: before.publishingAgreementHtml, copyright: 'New ©' }).expect(
        200,
      );
      const after = await row();
      expect(after.agreementVersion).toBe(before.agreementVersion);
      expect(after.copyright).toBe('New ©');
      await publisher({ publishingAgreementHtml: '<p>Version three</p>' }).expect(200);
      expect((await row()).agreementVersion).toBe(before.agreementVersion + 1);
    });

    it('refuses a blank button label, wrong types and unknown fields', async () => {
      const res = await publisher({ consentButtonLabel: '  ' }).expect(400);
      expect(res.body.message).toBe(CONFERENCE_MESSAGES.consentButtonLabel);
      await publisher({ consentFileUpload: 'yes' }).expect(400);
      await publisher({ publishingAgreementHtml: 42 }).expect(400);
      await publisher({ city: 'Elsewhere' }).expect(400);
      expect((await row()).consentButtonLabel).toBe('Sign the agreement');
    });

    it('is for chairs only', async () => {
      await publisher({ copyright: 'x' }, author).expect(403);
      await publisher({ copyright: 'x' }, cochair).expect(403);
      await t.call('put', '/api/chair/conference/2/publisher', chair, { copyright: 'x' }).expect(404);
    });
  });

  describe("the author's notify option", () => {
    it('updates the current user and answers {notify}', async () => {
      const res = await t.call('put', '/api/author/conference/1', author, { notify: false }).expect(200);
      expect(res.body).toEqual({ notify: false });
      const [user] = await t.db.select().from(usersTable).where(eq(usersTable.id, authorId));
      expect(user!.notify).toBe(false);
      await t.call('put', '/api/author/conference/1', author, { notify: true }).expect(200);
      const [again] = await t.db.select().from(usersTable).where(eq(usersTable.id, authorId));
      expect(again!.notify).toBe(true);
      const me = await t.call('get', '/api/author/users', author).expect(200);
      expect(me.body.notify).toBe(true);
    });

    it.each([{}, { notify: 'yes' }, { notify: null }, { notify: 1 }])(
      "refuses %j ('Could not update notify option')",
      async (body) => {
        const res = await t.call('put', '/api/author/conference/1', author, body).expect(400);
        expect(res.body.message).toBe('Could not update notify option');
      },
    );

    it('refuses unknown fields, other conference ids and anonymous callers', async () => {
      await t.call('put', '/api/author/conference/1', author, { notify: true, city: 'X' }).expect(400);
      await t.call('put', '/api/author/conference/2', author, { notify: true }).expect(404);
      await t.http().put('/api/author/conference/1').send({ notify: true }).expect(401);
    });
  });
});

describe('conference information on an unconfigured conference', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  it("refuses a save that leaves required fields empty ('Please check if you filled in all the fields')", async () => {
    const chair = (await t.user({ roles: { chair: { is: true } } })).auth;
    const res = await t.call('put', '/api/chair/conference/1', chair, { city: 'Lisbon' }).expect(400);
    expect(res.body.message).toBe('Please check if you filled in all the fields');
    expect((res.body.details as { field: string }[]).map((d) => d.field)).toEqual(['dates', 'country']);
  });
});
