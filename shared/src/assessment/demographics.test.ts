import { describe, expect, it } from 'vitest';
import { comparisonKeys, validateDemographics, validateDemographicValue } from './demographics.js';

const email = {
  identifier: 'email_address',
  label: 'Email Address',
  fieldType: 'email',
  options: null,
  isRequired: true,
} as const;
const size = {
  identifier: 'employee_count',
  label: 'Number of Employees',
  fieldType: 'select',
  options: ['1-5', '6-10'],
  isRequired: false,
} as const;

describe('validateDemographicValue', () => {
  it('requires required fields, naming the label', () => {
    expect(validateDemographicValue(email, '  ')).toBe('Email Address is required');
    expect(validateDemographicValue(size, '')).toBeNull();
  });

  it('checks the simple email pattern', () => {
    expect(validateDemographicValue(email, 'owner@msp.example')).toBeNull();
    for (const bad of ['owner', 'owner@msp', '@msp.example', 'a b@msp.example']) {
      expect(validateDemographicValue(email, bad)).toBe('Please enter a valid email address');
    }
  });

  it('takes an address of 254 characters and no more, as RFC 5321 allows', () => {
    const domain = '@msp.example';
    expect(validateDemographicValue(email, `${'o'.repeat(254 - domain.length)}${domain}`)).toBeNull();
    expect(validateDemographicValue(email, `${'o'.repeat(255 - domain.length)}${domain}`)).toBe(
      'Please enter an email address of at most 254 characters',
    );
  });

  it('accepts only listed options for selects', () => {
    expect(validateDemographicValue(size, '6-10')).toBeNull();
    expect(validateDemographicValue(size, '11-25')).toBe('Please choose one of the listed options');
  });

  it('reports every field with a problem', () => {
    expect(validateDemographics([email, size], { employee_count: 'x' })).toEqual({
      email_address: 'Email Address is required',
      employee_count: 'Please choose one of the listed options',
    });
  });
});

describe('comparisonKeys', () => {
  it('reads identifiers first and falls back to the labels of older data', () => {
    expect(comparisonKeys({ employee_count: '6-10', managed_companies: '11-25' })).toEqual({
      employeeCount: '6-10',
      managedCompanies: '11-25',
    });
    expect(
      comparisonKeys({ 'Number of Employees': '1-5', 'Number of Companies Your MSP Manages': '250+' }),
    ).toEqual({ employeeCount: '1-5', managedCompanies: '250+' });
    expect(comparisonKeys({})).toEqual({ employeeCount: null, managedCompanies: null });
  });
});
