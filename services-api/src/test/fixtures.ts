/** The visitor the API tests submit assessments as: a small MSP, every required field filled. */
export const person = {
  first_name: 'Dana',
  last_name: 'Reyes',
  email_address: 'dana@northwind-it.example',
  company: 'Northwind IT',
  employee_count: '11-25',
  managed_companies: '26-50',
};
