import { generatePassword, normalizeEmail, PEOPLE_MESSAGES, validatePerson } from './people.js';

const valid = {
  firstName: 'Ana',
  lastName: 'Silva',
  email: 'ana@example.org',
  alternateEmail: 'ana@other.org',
  organization: 'Uni',
  country: 'Portugal',
  phone: '123',
};

describe('§5 People rules', () => {
  it('accepts a complete author', () => {
    expect(validatePerson(valid)).toEqual({});
  });
  it('names every missing field with its message', () => {
    expect(validatePerson({})).toEqual({
      firstName: PEOPLE_MESSAGES.firstName,
      lastName: PEOPLE_MESSAGES.lastName,
      email: PEOPLE_MESSAGES.email,
      alternateEmail: PEOPLE_MESSAGES.alternateEmail,
      organization: PEOPLE_MESSAGES.organization,
      country: PEOPLE_MESSAGES.country,
      phone: PEOPLE_MESSAGES.phone,
    });
    expect(PEOPLE_MESSAGES.firstName).toBe('Please fill in the First Name');
  });
  it('refuses an alternate email equal to the email, ignoring case and spaces', () => {
    expect(validatePerson({ ...valid, alternateEmail: ' ANA@example.org ' }).alternateEmail).toBe(
      'Please type different a email on alternate email',
    );
  });
  it('does not require a country for reviewers', () => {
    expect(validatePerson({ ...valid, country: '' }, 'reviewer')).toEqual({});
  });
  it('refuses names with line breaks or other control characters', () => {
    for (const name of ['Evil\r\nBcc: victim@example.org', 'Tab\there', 'Line\u2028Separator', 'Del\u007f'])
      expect(validatePerson({ ...valid, firstName: name, lastName: name })).toEqual({
        firstName: PEOPLE_MESSAGES.firstNameLine,
        lastName: PEOPLE_MESSAGES.lastNameLine,
      });
    expect(validatePerson({ ...valid, firstName: 'José María', lastName: 'Ødegård-Ñúñez' })).toEqual({});
  });

  it('treats blank text as missing', () => {
    expect(validatePerson({ ...valid, firstName: '   ' }).firstName).toBe(PEOPLE_MESSAGES.firstName);
  });
  it('lowercases and trims emails', () => {
    expect(normalizeEmail('  Ana@Example.ORG ')).toBe('ana@example.org');
  });
});

describe('generated password (§9)', () => {
  it('has 10 characters from digits and upper and lower case letters', () => {
    let i = 0;
    const pw = generatePassword((max) => (i++ * 7) % max);
    expect(pw).toHaveLength(10);
    expect(pw).toMatch(/^[A-Za-z0-9]{10}$/);
  });
});
