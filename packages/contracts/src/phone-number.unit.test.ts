import { describe, expect, it } from 'vitest';
import { optionalPhoneNumberSchema, phoneNumberSchema } from './phone-number.js';
import { profileFormSchema, updateMyProfileInputSchema } from './profile.js';
import { requestAccessFormSchema, requestAccessInputSchema } from './request-access.js';

const validPhones = ['+44 20 7946 0958', '(030) 1234-5678', '555.010.9999', '1234567', '+123456789012345'];
const invalidPhones = ['call me after 5', '+44 20 7946 0958 ext. 12', '123456', '+1234567890123456', '12/34/56/78'];

describe('phone numbers', () => {
  it.each(validPhones)('accepts %j', (phone) => {
    expect(phoneNumberSchema.parse(` ${phone} `)).toBe(phone);
    expect(optionalPhoneNumberSchema.parse(phone)).toBe(phone);
  });

  it.each(invalidPhones)('refuses %j', (phone) => {
    expect(phoneNumberSchema.safeParse(phone).success).toBe(false);
    expect(optionalPhoneNumberSchema.safeParse(phone).success).toBe(false);
  });

  it('reads empty text, null and a missing number as none in an API input', () => {
    expect(optionalPhoneNumberSchema.parse('')).toBeNull();
    expect(optionalPhoneNumberSchema.parse('  ')).toBeNull();
    expect(optionalPhoneNumberSchema.parse(null)).toBeNull();
    expect(optionalPhoneNumberSchema.parse(undefined)).toBeNull();
  });
});

describe('the request-access contact phone', () => {
  const form = requestAccessFormSchema({ hasTerms: false });
  const formValues = {
    teamFriendlyId: 'platform',
    firstName: 'Ada',
    lastName: 'Lovelace',
    contactEmail: 'ada@example.com',
    contactPhone: '',
    message: '',
    acceptTerms: false,
  };
  const { teamFriendlyId, ...contact } = formValues;
  const apiInput = { appId: 'app', teamFriendlyId, ...contact };

  // The server once took any text of up to 40 characters here while the form asked for a phone number.
  it.each([...validPhones, ...invalidPhones, ''])('gets one verdict from the form and the API for %j', (phone) => {
    const formAccepts = form.safeParse({ ...formValues, contactPhone: phone }).success;
    const apiAccepts = requestAccessInputSchema.safeParse({ ...apiInput, contactPhone: phone }).success;
    expect(apiAccepts).toBe(formAccepts);
    expect(formAccepts).toBe(!invalidPhones.includes(phone));
  });

  it('follows the profile phone rule', () => {
    for (const phone of [...validPhones, ...invalidPhones]) {
      const profileAccepts = profileFormSchema.safeParse({
        firstName: 'A',
        lastName: 'B',
        primaryPhone: phone,
      }).success;
      expect(updateMyProfileInputSchema.safeParse({ firstName: 'A', lastName: 'B', primaryPhone: phone }).success).toBe(
        profileAccepts,
      );
      expect(requestAccessInputSchema.safeParse({ ...apiInput, contactPhone: phone }).success).toBe(profileAccepts);
    }
  });
});
